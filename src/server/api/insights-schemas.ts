/** Response schemas shared by the insights and recommendation APIs. */
export const languageParam = { type: 'string', enum: ['de', 'en'] } as const;
/** Path parameters of a route that takes the language alone. */
export const languageParams = {
  type: 'object',
  required: ['language'],
  additionalProperties: false,
  properties: { language: languageParam },
} as const;

export const articleCardSchema = {
  type: 'object',
  required: ['folderName', 'headline', 'text', 'linkText', 'type', 'imageUrl', 'path', 'datetime', 'authors'],
  properties: {
    folderName: { type: 'string' },
    headline: { type: 'string' },
    text: { type: 'string' },
    linkText: { type: 'string' },
    type: { type: 'string' },
    imageUrl: { type: 'string' },
    path: { type: 'string' },
    datetime: { type: 'string' },
    authors: { type: 'array', items: { type: 'string' } },
  },
} as const;

const facetsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['value', 'count'],
    properties: { value: { type: 'string' }, count: { type: 'integer' } },
  },
} as const;

export const possibilitiesSchema = {
  type: 'object',
  required: ['primary', 'secondary'],
  properties: {
    primary: facetsSchema,
    secondary: {
      type: 'object',
      required: ['audience', 'services', 'technology', 'topics'],
      properties: { audience: facetsSchema, services: facetsSchema, technology: facetsSchema, topics: facetsSchema },
    },
  },
} as const;

export const searchOptionSchema = {
  type: 'object',
  required: ['type', 'value'],
  properties: { type: { type: 'string' }, value: { type: 'string' }, folderName: { type: 'string' } },
} as const;
