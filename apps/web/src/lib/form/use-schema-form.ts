// The form helper of every admin form: values checked by a core zod schema before anything is sent,
// the schema's (spec) message shown once for the form and each failing field marked, submit state,
// and a server failure turned into the form's message. Typing clears the message (SPEC §5).
import { useCallback, useRef, useState, type FormEvent } from 'react';

/** What the helper needs of a zod schema (any core schema fits). */
export type Issue = { path: readonly PropertyKey[]; message: string };
export type FormSchema<Out> = {
  safeParse(
    value: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
};

type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export type SchemaFormOptions<V, Out> = {
  /** Turns the typed values into the schema's input (e.g. a stage typed as text → a number). */
  prepare?: (values: V) => unknown;
  /** A rule the schema cannot see (e.g. a college required only in global mode): its message, or null. */
  check?: (values: V) => { message: string; fields: FieldErrors<V> } | null;
  /** Runs with the parsed output when the values pass; a throw becomes the form's message. */
  onSubmit: (parsed: Out, values: V) => Promise<void> | void;
  /** The form's message for a failed submit (default: the error's message). */
  failureMessage?: (err: unknown) => string;
};

export type SchemaForm<V> = {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Replace several values at once (e.g. a module change clearing the subject). */
  patch: (next: Partial<V>) => void;
  reset: (next: V) => void;
  fieldErrors: FieldErrors<V>;
  /** The one message shown for the form: the schema's first message or the server failure. */
  message: string | null;
  submitting: boolean;
  handleSubmit: (e?: FormEvent) => Promise<boolean>;
  /** Props marking a field invalid and pointing at the form message. */
  invalid: (key: keyof V & string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  messageId: string;
};

let formCounter = 0;

/** First failing issue's message and the failing fields of a parse. */
function schemaProblems<V>(error: { issues: readonly Issue[] }): {
  message: string;
  fields: FieldErrors<V>;
} {
  const fields: FieldErrors<V> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in fields)) (fields as Record<string, string>)[key] = issue.message;
  }
  return { message: error.issues[0]?.message ?? 'Invalid input.', fields };
}

export function useSchemaForm<Out, V extends Record<string, unknown>>(
  schema: FormSchema<Out>,
  initial: V,
  options: SchemaFormOptions<V, Out>,
): SchemaForm<V> {
  const [values, setValues] = useState<V>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<V>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [messageId] = useState(() => `form-message-${++formCounter}`);
  const busy = useRef(false);
  const opts = useRef(options);
  opts.current = options;

  const clear = () => {
    setMessage(null);
    setFieldErrors({});
  };
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear();
  }, []);
  const patch = useCallback((next: Partial<V>) => {
    setValues((v) => ({ ...v, ...next }));
    clear();
  }, []);
  const reset = useCallback((next: V) => {
    setValues(next);
    clear();
  }, []);

  const handleSubmit = async (e?: FormEvent): Promise<boolean> => {
    e?.preventDefault();
    if (busy.current) return false;
    const parsed = schema.safeParse(opts.current.prepare ? opts.current.prepare(values) : values);
    const problem = parsed.success ? (opts.current.check?.(values) ?? null) : schemaProblems<V>(parsed.error);
    if (problem || !parsed.success) {
      setFieldErrors(problem?.fields ?? {});
      setMessage(problem?.message ?? null);
      return false;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      await opts.current.onSubmit(parsed.data, values);
      return true;
    } catch (err) {
      const text =
        opts.current.failureMessage?.(err) ??
        (err instanceof Error && err.message ? err.message : 'Something went wrong.');
      setMessage(text);
      return false;
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const invalid = (key: keyof V & string) =>
    fieldErrors[key] ? ({ 'aria-invalid': true, 'aria-describedby': messageId } as const) : {};

  return { values, set, patch, reset, fieldErrors, message, submitting, handleSubmit, invalid, messageId };
}
