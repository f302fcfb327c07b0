/** Money, documents and integrations area: filled by the data-model work. */
export function associateMoney() {}
