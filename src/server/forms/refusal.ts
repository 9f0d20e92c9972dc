/** A request refused for a reason a person can fix: status, the field concerned and a message in their language. */
import { patternMessageOf } from '#app/forms/field-rules.ts';
import { fill } from '#app/i18n/format.ts';
import type { FormMessages, MessageCode } from './form-texts.ts';

export class FormRefusal extends Error {
  override name = 'FormRefusal';
  constructor(
    readonly statusCode: number,
    readonly field: string,
    readonly code: MessageCode,
    readonly values: Record<string, string | number> = {},
  ) {
    super(`${field}: ${code}`);
  }
}

export interface RefusalBody {
  statusCode: number;
  error: string;
  field: string;
  code: MessageCode;
  message: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  411: 'Length Required',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

export function refusalBody(
  refusal: Pick<FormRefusal, 'statusCode' | 'field' | 'code' | 'values'>,
  messages: FormMessages,
): RefusalBody {
  return {
    statusCode: refusal.statusCode,
    error: STATUS_TEXT[refusal.statusCode] ?? 'Bad Request',
    field: refusal.field,
    code: refusal.code,
    // A refusal carries the values of its code, set where it is thrown; content:check holds each code's text to the names listed for it.
    message: fill(messages[refusal.code] as string, refusal.values),
  };
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** A schema validation issue as a refusal: which field, and which of our messages explains it. */
export function refusalOfValidation(issue: AjvIssue | undefined, context: string | undefined): FormRefusal {
  if (!issue) return new FormRefusal(400, context ?? 'body', 'invalid');
  // The innermost named field: /csp-report/line-number names line-number, /filter/0 names filter.
  const path =
    issue.instancePath
      .split('/')
      .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
      .at(-1) ?? '';
  const named =
    issue.keyword === 'required'
      ? issue.params.missingProperty
      : issue.keyword === 'additionalProperties'
        ? issue.params.additionalProperty
        : undefined;
  const field = (named === undefined ? path : String(named)) || context || 'body';
  const limit = Number(issue.params.limit);
  switch (issue.keyword) {
    case 'required':
      return new FormRefusal(400, field, 'required');
    case 'additionalProperties':
      return new FormRefusal(400, field, 'unknown_field');
    case 'minLength':
      return new FormRefusal(400, field, 'required');
    case 'maxLength':
      return new FormRefusal(400, field, 'too_long', { max: limit });
    case 'maxItems':
      return new FormRefusal(400, field, 'too_many', { max: limit });
    case 'format':
      return new FormRefusal(400, field, issue.params.format === 'email' ? 'email' : 'invalid');
    case 'pattern':
      // Text refuses control characters by pattern; other patterns (a phone number, a page path) mean a wrong value.
      return new FormRefusal(400, field, patternMessageOf(String(issue.params.pattern)));
    case 'const':
      return new FormRefusal(400, field, issue.params.allowedValue === true ? 'must_accept' : 'invalid');
    case 'enum':
      return new FormRefusal(400, field, field === 'language' ? 'invalid_language' : 'invalid');
    default:
      return new FormRefusal(400, field, 'invalid');
  }
}
