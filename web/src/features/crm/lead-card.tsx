// A lead on the board: its name (marked while it is still on this device), company and value, with its call
// and e-mail buttons.
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { PendingBadge } from '@/components/ui/pending.tsx';
import { formatMoney } from '@/lib/money.ts';
import { useOrganization } from '@/lib/organization.tsx';
import type { Lead } from '@shared/api/leads.ts';
import type { LeadStage } from '@shared/schemas/values.ts';
import { LeadContactButtons } from './lead-contact.tsx';

/**
 * A card that opens on a tap or click and can be dragged with a mouse or pen onto another column. A finger
 * is left to the browser, so a swipe that starts on a card scrolls the board or the page.
 */
export function LeadCard({
  lead,
  draggable,
  onOpen,
  onDrop,
}: {
  lead: Lead;
  draggable: boolean;
  onOpen: () => void;
  onDrop: (stage: LeadStage) => void;
}) {
  const intl = useIntl();
  const org = useOrganization();
  const start = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);
  // The call and e-mail links sit beside the card's button, not inside it (a link in a button is no link).
  return (
    <div
      className={`card flex-row items-start border border-base-300 bg-base-100 ${dragging ? 'opacity-50' : ''}`}
    >
      <button
        type="button"
        data-testid="lead-card"
        className="min-w-0 grow touch-pan-x touch-pan-y p-2 text-left text-sm break-words"
        onPointerDown={(e) => {
          if (!draggable || e.pointerType === 'touch') return;
          start.current = { x: e.clientX, y: e.clientY, moved: false };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const s = start.current;
          if (s && !s.moved && Math.hypot(e.clientX - s.x, e.clientY - s.y) > 8) {
            s.moved = true;
            setDragging(true);
          }
        }}
        onPointerUp={(e) => {
          const s = start.current;
          start.current = null;
          setDragging(false);
          if (!s?.moved) return;
          const column = document
            .elementsFromPoint(e.clientX, e.clientY)
            .map((el) => el.closest<HTMLElement>('[data-stage]'))
            .find(Boolean);
          const stage = column?.dataset.stage as LeadStage | undefined;
          if (stage && stage !== lead.stage) onDrop(stage);
        }}
        onClick={() => !dragging && onOpen()}
      >
        <span className="font-medium">
          {lead.name} {'pending' in lead && <PendingBadge />}
        </span>
        {lead.company && <span className="block text-xs opacity-70">{lead.company}</span>}
        {lead.value != null && (
          <span className="block text-xs">{formatMoney(lead.value, org.currency, intl.locale)}</span>
        )}
      </button>
      <LeadContactButtons lead={lead} />
    </div>
  );
}
