import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useModuleName } from '../frame/module-context';

/** A tab of a module's menu: its text is `nav.<key>` in the module's texts, its path is under the account. */
export interface NavItem {
  key: string;
  path: string;
}

/** Whether a tab is the current screen's: the path, or a path under it. */
export type NavActive = (item: NavItem, pathname: string, base: string) => boolean;

const under: NavActive = (item, pathname, base) => pathname === `${base}/${item.path}` || pathname.startsWith(`${base}/${item.path}/`);

/**
 * A module's own menu, above its every screen (hidden in print). The tabs wrap onto more lines rather than scroll
 * sideways: a phone shows no scrollbar, so a scrolled row looked cut off and its last tabs went unfound.
 */
export function ModuleNav({ accountId, items, active = under }: { accountId: string; items: readonly NavItem[]; active?: NavActive }) {
  const module = useModuleName();
  const { t } = useTranslation(module);
  const { pathname } = useLocation();
  const base = `/account/${accountId}`;
  return (
    <Box component="nav" className="no-print" data-testid={`${module}-nav`} pb={4}>
      <Group gap={4} wrap="wrap">
        {items.map((item) => {
          const current = active(item, pathname, base);
          return (
            <Button key={item.key} component={Link} to={`${base}/${item.path}`} size="compact-sm" variant={current ? 'light' : 'subtle'} aria-current={current ? 'page' : undefined}>
              {t(`nav.${item.key}`)}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}
