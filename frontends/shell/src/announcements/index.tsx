// The announcements adapter (spec §7: a GET to an external announcements feed with posts of created_at, language,
// content). The outside feed can't be reached from here, so the default source returns no posts; a real feed plugs in
// through <AnnouncementsProvider source={…}>.
import { createContext, useContext, type ReactNode } from 'react';

export interface Announcement {
  created_at: string;
  language: string;
  content: string;
}

export interface AnnouncementsSource {
  list(signal?: AbortSignal): Promise<Announcement[]>;
}

/** The default: no outside feed, no posts. */
export const emptyAnnouncements: AnnouncementsSource = { list: async () => [] };

const AnnouncementsContext = createContext<AnnouncementsSource>(emptyAnnouncements);

export function AnnouncementsProvider({ source, children }: { source: AnnouncementsSource; children: ReactNode }) {
  return <AnnouncementsContext.Provider value={source}>{children}</AnnouncementsContext.Provider>;
}

export const useAnnouncementsSource = (): AnnouncementsSource => useContext(AnnouncementsContext);
