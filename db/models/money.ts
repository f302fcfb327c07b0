/** Barrel of the money, documents and integrations models. */
export {};
