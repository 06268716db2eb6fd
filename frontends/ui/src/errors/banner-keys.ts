import { ApiError } from '../api/client';

// Spec §8: the error banner's title is keyed by the response's error, its detail by the response's reason when that is
// a string (spaces become hyphens; apostrophes, dots and commas are removed). Without a response: the error's name and
// message. Otherwise: 'undefined error'.

/** A text to show: an i18n key, and the text to show when the key has no translation. */
export interface BannerText {
  key: string;
  text: string;
}

export interface BannerKeys {
  title: BannerText;
  detail?: BannerText;
}

/** 'You can\'t do that, sorry.' → 'You-cant-do-that-sorry' */
export function reasonKey(reason: string): string {
  return reason.trim().replace(/['’.,]/g, '').replace(/\s+/g, '-');
}

export function errorBannerKeys(err: unknown): BannerKeys {
  if (err instanceof ApiError && err.status > 0) {
    const title = { key: `errors.title.${reasonKey(err.error)}`, text: err.error };
    if (typeof err.reason === 'string' && err.reason) {
      return { title, detail: { key: `errors.reason.${reasonKey(err.reason)}`, text: err.reason } };
    }
    return { title };
  }
  if (err instanceof ApiError) {
    // no response came back
    return {
      title: { key: `errors.title.${reasonKey(err.error)}`, text: err.error },
      detail: { key: `errors.reason.${reasonKey(String(err.reason ?? ''))}`, text: String(err.reason ?? '') },
    };
  }
  if (err instanceof Error) {
    return { title: { key: `errors.title.${reasonKey(err.name)}`, text: err.name }, detail: { key: '', text: err.message } };
  }
  return { title: { key: 'errors.title.undefined-error', text: 'undefined error' } };
}
