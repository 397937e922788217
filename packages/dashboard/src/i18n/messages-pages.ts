/** Messages of the Contexts, Webhooks, Workflows, Variants, Queue and Keys pages. */
export const messagesPages: { en: Record<string, string>; es: Record<string, string>; pt: Record<string, string> } = {
  en: {},
  es: {},
  pt: {},
};
