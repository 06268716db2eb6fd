import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Component, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ModuleExpose } from '@app/ui';
import { api } from '../../app/api';
import { PageLoader } from '../../components/PageLoader';
import { loadModule } from '../../federation/load-module';

/** A remote's page that throws while rendering shows the module error, not the router's error screen. */
class RemoteBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type Exposed = ComponentType | { default: ComponentType };

/** The page a module's remote exposes (`<module>/Page`), loaded at run time from /modules/<module>/mf-manifest.json. */
export function useModulePage(name: string, load: (name: string, expose: ModuleExpose) => Promise<Exposed> = loadModule) {
  return useQuery({
    queryKey: ['module', name],
    queryFn: async () => {
      const loaded = await load(name, 'Page');
      const Page = typeof loaded === 'function' ? loaded : loaded?.default;
      if (typeof Page !== 'function') throw new Error(`module ${name} exposes no page`);
      return { Page };
    },
    retry: false,
    staleTime: Infinity,
  });
}

const checkServerVersion = () => api.checkVersion();

export function ModuleView({ name, load, checkVersion = checkServerVersion }: { name: string; load?: (name: string, expose: ModuleExpose) => Promise<Exposed>; checkVersion?: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const remote = useModulePage(name, load);
  // a remote that fails to load may belong to a newer release: the version check raises the new-version banner
  useEffect(() => {
    if (remote.isError) void checkVersion();
  }, [remote.isError, checkVersion]);
  const failed = (
    <Alert color="red" variant="light" role="alert" title={t('modules.load_failed_title')}>
      {t('modules.load_failed', { name })}
    </Alert>
  );
  if (remote.isPending) return <PageLoader />;
  if (remote.isError) return failed;
  const { Page } = remote.data;
  return (
    <RemoteBoundary fallback={failed}>
      <Page />
    </RemoteBoundary>
  );
}

export default function ModulePage() {
  const { module = '' } = useParams();
  return <ModuleView key={module} name={module} />;
}
