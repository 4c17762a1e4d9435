// The one way the app changes data: through the outbox (./outbox.ts), which keeps every change on the
// device with its own id before sending it, so the server applies it once however often it is sent.
export { enqueue as send, type Operation, SavedOffline } from './outbox.ts';
