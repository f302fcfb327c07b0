/** What server.ts hands every loader and action. */
export interface EarlybirdLoadContext {
  requestId: string;
  cspNonce: string;
  ip: string;
}

declare module "@remix-run/node" {
  interface AppLoadContext extends EarlybirdLoadContext {}
}
