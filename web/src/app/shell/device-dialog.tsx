// "On this device": what each screen has kept to open offline (warm-device.ts), opened from the connection
// badge. Online, the member can have everything read and kept now (before a trip to the market, say); offline
// it says what is missing will be kept once the connection is back.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Role } from '@shared/schemas/team.ts';
import { Dialog } from '@/components/ui/dialog.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { Badge } from '@/components/ui/status-badge.tsx';
import { useOnline } from '@/lib/connection.ts';
import { useT } from '@/lib/i18n.tsx';
import { screenReadiness, warmDevice, type ScreenReadiness } from './warm-device.ts';

const TONE: Record<ScreenReadiness['kept'], string> = {
  all: 'badge-success',
  part: 'badge-warning',
  none: 'badge-ghost',
};

export function DeviceDialog({ org, onClose }: { org: { id: string; role: Role }; onClose: () => void }) {
  const t = useT();
  const intl = useIntl();
  const client = useQueryClient();
  const online = useOnline();
  const [keeping, setKeeping] = useState(false);
  // Read again whenever a read starts or ends, so the list follows "Keep everything now" as it goes.
  useIsFetching();
  const screens = screenReadiness(client, org);
  const keepNow = async () => {
    setKeeping(true);
    const stop = new AbortController();
    try {
      await warmDevice(client, org, stop.signal, { everything: true });
    } finally {
      setKeeping(false);
    }
    const missing = screenReadiness(client, org).some((s) => s.kept !== 'all');
    notify(
      missing
        ? { variant: 'error', title: t('shell.device.title'), description: t('shell.device.notAll') }
        : { title: t('shell.device.title'), description: t('shell.device.kept') },
    );
  };
  return (
    <Dialog title={t('shell.device.title')} onClose={onClose}>
      <p className="mb-3 text-sm opacity-80">
        <FormattedMessage id="shell.device.intro" />
      </p>
      <ul className="flex flex-col divide-y divide-base-300" data-testid="device-screens">
        {screens.map((s) => (
          <li key={s.screen} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
            <span className="font-medium">
              <FormattedMessage id={`shell.nav.${s.screen}`} />
            </span>
            <span className="flex flex-wrap items-center gap-2 text-sm">
              {s.since !== undefined && (
                <span className="opacity-75">
                  <FormattedMessage
                    id="shell.device.since"
                    values={{
                      when: intl.formatDate(s.since, {
                        day: '2-digit',
                        month: '2-digit',
                        hour: '2-digit',
                        minute: '2-digit',
                      }),
                    }}
                  />
                </span>
              )}
              <Badge tone={TONE[s.kept]}>
                <FormattedMessage id={`shell.device.${s.kept}`} />
              </Badge>
            </span>
          </li>
        ))}
      </ul>
      {online ? (
        <button
          type="button"
          className="btn btn-primary mt-4 min-h-11 w-full sm:w-auto"
          disabled={keeping}
          onClick={() => void keepNow()}
        >
          {keeping ? t('shell.device.keeping') : t('shell.device.keepNow')}
        </button>
      ) : (
        <p className="mt-4 text-sm opacity-80">
          <FormattedMessage id="shell.device.offlineNote" />
        </p>
      )}
    </Dialog>
  );
}
