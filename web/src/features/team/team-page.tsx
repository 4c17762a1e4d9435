// /team: Members (with invitations and the role permissions) and Employees. Every member sees it; only
// OWNER and MANAGER change anything.
import { FormattedMessage, useIntl } from 'react-intl';
import { Tabs, useTab } from '@/components/ui/tabs.tsx';
import { EmployeesTab } from './employees-tab.tsx';
import { MembersTab } from './members-tab.tsx';

const TABS = ['members', 'employees'] as const;

export function TeamPage() {
  const intl = useIntl();
  const [tab, setTab] = useTab(TABS);
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <Tabs
        label={intl.formatMessage({ id: 'shell.nav.team' })}
        current={tab}
        onChange={setTab}
        tabs={TABS.map((id) => ({ id, label: <FormattedMessage id={`team.tab.${id}`} /> }))}
      />
      {tab === 'members' && <MembersTab />}
      {tab === 'employees' && <EmployeesTab />}
    </section>
  );
}
