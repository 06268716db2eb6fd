import { Alert, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Component, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardCardProps, ModuleExpose } from '@app/ui';
import { api } from '../../app/api';
import { loadModule } from '../../federation/load-module';

// The dashboard in the reader module (spec §2: "a setting to mark items read on opening, and the feed"). The reader
// remote draws both (`reader/DashboardCard`: the user's setting, the feed with its filters, pager and keys), so the
// feed on the dashboard is the one of reader_items; the shell only loads it, as ModulePage loads a module's page.

type Exposed = ComponentType<DashboardCardProps> | { default: ComponentType<DashboardCardProps> };
type Load = (name: string, expose: ModuleExpose) => Promise<Exposed>;

/** A card that throws while rendering shows the module error, not the router's error screen. */
class CardBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function ReaderCard({ accountId, refreshes = 0, load = loadModule as Load, checkVersion = () => api.checkVersion() }: DashboardCardProps & { load?: Load; checkVersion?: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const card = useQuery({
    queryKey: ['module', 'reader', 'DashboardCard'],
    queryFn: async () => {
      const loaded = await load('reader', 'DashboardCard');
      const Card = typeof loaded === 'function' ? loaded : loaded?.default;
      if (typeof Card !== 'function') throw new Error('module reader exposes no dashboard card');
      return { Card };
    },
    retry: false,
    staleTime: Infinity,
  });
  // a remote that fails to load may belong to a newer release: the version check raises the new-version banner
  useEffect(() => {
    if (card.isError) void checkVersion();
  }, [card.isError, checkVersion]);
  const failed = (
    <Alert color="red" variant="light" role="alert" title={t('modules.load_failed_title')}>
      {t('modules.load_failed', { name: 'reader' })}
    </Alert>
  );
  if (card.isPending)
    return (
      <Center mih={120}>
        <Loader size="sm" />
      </Center>
    );
  if (card.isError) return failed;
  const { Card } = card.data;
  return (
    <CardBoundary fallback={failed}>
      <Card accountId={accountId} refreshes={refreshes} />
    </CardBoundary>
  );
}
