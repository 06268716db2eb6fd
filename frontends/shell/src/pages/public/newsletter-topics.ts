import type { UserConfigurationDoc } from '@app/proto';

// Newsletter topics (spec §2 newsletter preferences). The profile's `newsletter` flag (spec §3) says whether the user
// gets the newsletter at all; which topics they chose is their `newsletter-topics` setting, a UserConfiguration whose
// value lists the topics that are on. Saving keeps both: the flag is on when any topic is on.

export const NEWSLETTER_TOPICS = ['product', 'tips'] as const;
export type Topic = (typeof NEWSLETTER_TOPICS)[number];
export type Topics = Record<Topic, boolean>;

/** The UserConfiguration key that stores the chosen topics. */
export const TOPICS_KEY = 'newsletter-topics';

const isTopic = (v: unknown): v is Topic => NEWSLETTER_TOPICS.includes(v as Topic);

/**
 * The switches as the page shows them. Off when the newsletter flag is off. On, the stored topics; every topic when
 * none is stored (the flag was turned on before topics were stored, or on the profile tab, which offers the
 * newsletter as one switch).
 */
export function shownTopics(newsletter: boolean, setting: Pick<UserConfigurationDoc, 'value'> | null | undefined): Topics {
  const stored = Array.isArray(setting?.value) ? setting.value.filter(isTopic) : [];
  const on = (topic: Topic) => newsletter && (stored.length === 0 || stored.includes(topic));
  return { product: on('product'), tips: on('tips') };
}

/** The profile's newsletter flag for these topics: on when any topic is on. */
export const newsletterFlag = (topics: Topics) => NEWSLETTER_TOPICS.some((k) => topics[k]);

/** The setting's value: the topics that are on, in the page's order. */
export const topicsValue = (topics: Topics): Topic[] => NEWSLETTER_TOPICS.filter((k) => topics[k]);
