// /settings: Organization (and, for its owner, deleting it), Profile, Preferences, Notifications, each saved
// for real, then Plan and the Activity log.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useChangeLanguage } from '@/components/ui/language-switch.tsx';
import { Loading } from '@/components/ui/loading.tsx';
import { notify } from '@/components/ui/notify.tsx';
import { Tabs, useTab } from '@/components/ui/tabs.tsx';
import { settingsKeys } from './api/keys.ts';
import { updateOrganization, useOrganizationDetails } from './api/organization.ts';
import { saveProfile } from './api/profile.ts';
import { useLocale, type Locale } from '@/lib/i18n.tsx';
import { useTheme } from '@/lib/theme.ts';
import { currentUserQuery, type CurrentUser } from '@/lib/session/current-user.ts';
import { useCan, useOrganization } from '@/lib/organization.tsx';
import { ActivityTab } from './activity-tab.tsx';
import { BusinessProfileForm } from './business-profile-form.tsx';
import { useBusinessProfile } from '@/lib/api/business-profile.ts';
import { DeleteOrganization } from './delete-organization.tsx';
import { PasswordForm } from './password-form.tsx';
import { PaymentRemindersBlock } from './payment-reminders.tsx';
import { PlanTab } from './plan-tab.tsx';
import { OrganizationForm } from './organization-form.tsx';
import { usePreferences, useSavePreferences, type Preferences } from '@/lib/preferences.ts';
import { ProfileForm } from './profile-form.tsx';
import { notifyError } from '@/lib/feedback.ts';
import { useT } from '@/lib/i18n.tsx';

const TABS = ['organization', 'profile', 'preferences', 'notifications', 'plan', 'activity'] as const;

function OrganizationTab() {
  const t = useT();
  const org = useOrganization();
  const canEdit = useCan('settings.business');
  const canSetReminders = useCan('settings.reminders');
  const canDelete = useCan('organization.delete');
  const queryClient = useQueryClient();
  const details = useOrganizationDetails(org.id);
  const profile = useBusinessProfile(org.id);
  if (!details.data) return <Loading />;
  return (
    <>
      <OrganizationForm
        // Read again from the server after a reload: the form starts over from the fresh values. The keys of
        // the two forms differ even when both were read in the same millisecond (siblings with one key are
        // not told apart: the stale form stayed on screen above the fresh one).
        key={`details-${org.id}-${details.dataUpdatedAt}`}
        full
        readOnly={!canEdit}
        initial={details.data}
        submitLabel={t('common.saveChanges')}
        pendingLabel={t('common.saving')}
        onSubmit={async (input) => {
          const saved = await updateOrganization(org.id, input);
          queryClient.setQueryData(settingsKeys.organization(org.id), saved);
          await queryClient.invalidateQueries(currentUserQuery);
          notify({ title: t('common.success'), description: t('settings.orgUpdated') });
        }}
      />
      <div className="divider" />
      {profile.data ? (
        <BusinessProfileForm
          key={`profile-${org.id}-${profile.dataUpdatedAt}`}
          profile={profile.data}
          readOnly={!canEdit}
        />
      ) : (
        <Loading />
      )}
      <div className="divider" />
      <PaymentRemindersBlock readOnly={!canSetReminders} />
      {canDelete && <DeleteOrganization />}
    </>
  );
}

function Switch({
  id,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  // The switch moves at once; the saved value (or a refusal) then settles it.
  const [on, setOn] = useState(checked);
  const [saved, setSaved] = useState(checked);
  if (checked !== saved) {
    setSaved(checked);
    setOn(checked);
  }
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 border-b border-base-200 py-2">
      <span className="flex flex-col">
        <span className="font-medium">
          <FormattedMessage id={`settings.${id}`} />
        </span>
        <span className="text-sm opacity-70">
          <FormattedMessage id={`settings.${id}.hint`} />
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="toggle toggle-primary"
        checked={on}
        disabled={disabled}
        onChange={(e) => {
          setOn(e.target.checked);
          onChange(e.target.checked);
        }}
      />
    </label>
  );
}

/** Saves one preference; a refusal is said, and the switch goes back. */
function useSavePreference() {
  const intl = useIntl();
  const org = useOrganization();
  const save = useSavePreferences(org.id);
  return (change: Partial<Preferences>) =>
    save.mutate(change, {
      onError: (e) => notifyError(intl, e),
    });
}

function PreferencesTab({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const org = useOrganization();
  const prefs = usePreferences(org.id);
  const save = useSavePreference();
  const [theme, setTheme] = useTheme();
  const { locale } = useLocale();
  const changeLanguage = useChangeLanguage();
  const queryClient = useQueryClient();
  const saveLocale = useMutation({
    mutationFn: (next: Locale) =>
      saveProfile({ firstName: user.firstName, lastName: user.lastName, locale: next }),
    onSuccess: (_saved, next) => {
      changeLanguage(next);
      void queryClient.invalidateQueries(currentUserQuery);
    },
    onError: (e) => notifyError(intl, e),
  });
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  if (!prefs.data) return <Loading />;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">
          <FormattedMessage id="settings.language" />
        </span>
        <select
          className="select select-bordered min-h-11 w-full sm:w-64"
          value={locale}
          disabled={saveLocale.isPending}
          onChange={(e) => saveLocale.mutate(e.target.value as Locale)}
        >
          <option value="en">{intl.formatMessage({ id: 'language.en' })}</option>
          <option value="fr">{intl.formatMessage({ id: 'language.fr' })}</option>
        </select>
      </label>
      <Switch
        id="darkMode"
        checked={dark}
        onChange={(on) => {
          setTheme(on ? 'dark' : 'light');
          save({ theme: on ? 'dark' : 'light' });
        }}
      />
      <Switch
        id="compactView"
        checked={prefs.data.compactView}
        onChange={(on) => save({ compactView: on })}
      />
    </div>
  );
}

const NOTIFICATIONS = [
  'lowStockAlerts',
  'paymentReminders',
  'newLeadNotifications',
  'teamActivity',
  'marketingUpdates',
] as const;

function NotificationsTab() {
  const org = useOrganization();
  const prefs = usePreferences(org.id);
  const save = useSavePreference();
  if (!prefs.data) return <Loading />;
  return (
    <div className="flex flex-col">
      {NOTIFICATIONS.map((field) => (
        <Switch key={field} id={field} checked={prefs.data[field]} onChange={(on) => save({ [field]: on })} />
      ))}
    </div>
  );
}

export function SettingsPage({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const canAudit = useCan('audit.read');
  const tabs = canAudit ? TABS : TABS.filter((x) => x !== 'activity');
  const [tab, setTab] = useTab(tabs);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
      <Tabs
        label={intl.formatMessage({ id: 'shell.nav.settings' })}
        current={tab}
        onChange={setTab}
        tabs={tabs.map((id) => ({ id, label: <FormattedMessage id={`settings.tab.${id}`} /> }))}
      />
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body" role="tabpanel">
          {tab === 'organization' && <OrganizationTab />}
          {tab === 'profile' && (
            <>
              <ProfileForm key={`${user.firstName}|${user.lastName}|${user.locale}`} user={user} />
              <div className="divider" />
              <PasswordForm />
            </>
          )}
          {tab === 'preferences' && <PreferencesTab user={user} />}
          {tab === 'notifications' && <NotificationsTab />}
          {tab === 'plan' && <PlanTab />}
          {tab === 'activity' && <ActivityTab />}
        </div>
      </div>
    </section>
  );
}
