import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { PageTitle } from '../../ui/card.tsx';
import { tabListClass, tabTriggerClass } from '../../ui/tabs.tsx';
import { DirectoryView } from './directory-view.tsx';
import { RegisterView } from './register-view.tsx';
import { directoryFilterOf, type DirectoryFilter, type ServicesSearch } from './services-search.ts';
import { useT } from '../../i18n/i18n.ts';
import { enServices } from '../../i18n/en-services.ts';

/** /services: the toggle between Register Your Business and Service Directory (spec part 2 §2). */
export function ServicesScreen({ search }: { search: ServicesSearch }) {
  const navigate = useNavigate({ from: '/services' });
  const view = search.view ?? 'register';
  const { t } = useT(enServices);
  const filter = directoryFilterOf(search);
  const onFilter = useCallback(
    (next: DirectoryFilter) =>
      void navigate({
        search: {
          view: 'directory',
          category: next.category,
          area: next.area,
          emergency: next.emergency,
          page: next.page > 1 ? next.page : undefined,
        },
        replace: true,
      }),
    [navigate],
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <PageTitle sub={t('services.sub')}>{t('services.title')}</PageTitle>
      <Tabs.Root
        value={view}
        onValueChange={(value) => void navigate({ search: { view: value as 'register' | 'directory' } })}
      >
        <Tabs.List aria-label={t('services.tabs')} className={`${tabListClass} mb-6 max-w-md`}>
          <Tabs.Trigger value="register" className={tabTriggerClass}>
            {t('services.registerBusiness')}
          </Tabs.Trigger>
          <Tabs.Trigger value="directory" className={tabTriggerClass}>
            {t('services.directory')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="register">
          <RegisterView />
        </Tabs.Content>
        <Tabs.Content value="directory">
          {view === 'directory' && <DirectoryView filter={filter} onFilter={onFilter} />}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
