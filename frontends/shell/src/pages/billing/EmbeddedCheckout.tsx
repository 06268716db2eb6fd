import { Alert, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The payment provider's embedded checkout form (Stripe.js), loaded from the provider only when the server has a
// publishable key (never in development or tests). The client secret comes from POST /{account_id}/_checkout.

/** Stripe.js release whose embedded checkout matches the API version of the server's `stripe` client. */
export const STRIPE_JS_URL = 'https://js.stripe.com/dahlia/stripe.js';

interface EmbeddedCheckoutInstance {
  mount(el: HTMLElement): void;
  destroy(): void;
}
interface StripeJs {
  // the current name; older Stripe.js releases call it initEmbeddedCheckout
  createEmbeddedCheckoutPage?(opts: { fetchClientSecret: () => Promise<string> }): Promise<EmbeddedCheckoutInstance>;
  initEmbeddedCheckout?(opts: { fetchClientSecret: () => Promise<string> }): Promise<EmbeddedCheckoutInstance>;
}
type StripeFactory = (publishableKey: string, opts?: { locale?: string }) => StripeJs;

let loading: Promise<StripeFactory> | null = null;

/** Adds the Stripe.js script once; resolves with window.Stripe. */
export function loadStripeJs(): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function EmbeddedCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let instance: EmbeddedCheckoutInstance | undefined;
    let gone = false;
    const fetchClientSecret = () => Promise.resolve(clientSecret);
    loadStripeJs()
      .then(async (Stripe) => {
        const stripe = Stripe(publishableKey, { locale: i18n.language === 'pt-BR' ? 'pt-BR' : 'en' });
        const create = stripe.createEmbeddedCheckoutPage ?? stripe.initEmbeddedCheckout;
        if (!create) throw new Error('Stripe.js has no embedded checkout');
        const checkout = await create.call(stripe, { fetchClientSecret });
        if (gone) return checkout.destroy();
        instance = checkout;
        checkout.mount(ref.current!);
        setState('ready');
      })
      .catch(() => !gone && setState('failed'));
    return () => {
      gone = true;
      instance?.destroy();
    };
  }, [publishableKey, clientSecret, i18n.language]);
  return (
    <>
      {state === 'loading' && (
        <Text size="sm" c="dimmed">
          <Loader size="xs" mr="xs" />
          {t('billing.checkout.loading_form')}
        </Text>
      )}
      {state === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {t('billing.checkout.form_failed')}
        </Alert>
      )}
      <div ref={ref} data-testid="payment-form" />
    </>
  );
}
