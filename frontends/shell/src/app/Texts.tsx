import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTexts, type TextsPart } from '@app/ui';

/**
 * Renders its children once the texts they need are loaded (suspends meanwhile): the first load carries only the core
 * texts (@app/ui loadTexts); the signed-in screens and the landing pages need 'all'. A language change loads its texts.
 */
export function Texts({ part, children }: { part: TextsPart; children: ReactNode }) {
  const { i18n } = useTranslation();
  use(loadTexts(i18n, i18n.language, part));
  return children;
}
