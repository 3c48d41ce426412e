export { events, createEventBus, eventName, isJobUpdate, isUploadEvent, notificationFor, type EventBus, type SocketSender } from './bus';
export { useObservable, useConnectionState, useJobUpdates } from './hooks';
export * from './types';
