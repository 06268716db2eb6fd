// Change events: the JetStream change stream and the publisher that empties a service's outbox into it.
export { ChangePublisher, changeMessageId, type ChangePublisherOptions, type PublisherLogger } from './change-publisher';
export { ensureChangeStream, changeStreamConfig, CHANGE_STREAM_MAX_AGE_MS, CHANGE_STREAM_DUPLICATE_WINDOW_MS } from './change-stream';
