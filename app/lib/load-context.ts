/** What server.ts hands every loader and action. */
export interface EarlybirdLoadContext {
  requestId: string;
  cspNonce: string;
  ip: string;
}

declare module "@remix-run/node" {
  // Module augmentation needs an interface; it adds its members through `extends`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends EarlybirdLoadContext {}
}
