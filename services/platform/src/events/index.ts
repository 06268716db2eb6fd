// Change events: the JetStream change stream, the publisher that empties a service's outbox into it, and durable
// subscriptions that do work because of them.
export { ChangePublisher, changeMessageId, type ChangePublisherOptions, type PublisherLogger } from './change-publisher';
export { ensureChangeStream, changeStreamConfig, CHANGE_STREAM_MAX_AGE_MS, CHANGE_STREAM_DUPLICATE_WINDOW_MS } from './change-stream';
export { ChangeSubscription, SubscriptionStopped, MAX_HANDLER_DELIVERIES, type ChangeHandler, type ChangeSubscriptionOptions, type SubscriptionLogger, type WorkInProgress } from './change-subscription';
