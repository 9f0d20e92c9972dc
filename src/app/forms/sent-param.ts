/** The query parameter the server adds when a form posted without JavaScript was received. */
export const SENT_PARAM = 'sent';
