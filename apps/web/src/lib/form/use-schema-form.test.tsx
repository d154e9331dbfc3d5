// The form helper on core schemas: the spec message and field marks, prepare / check, submit state and
// a server failure becoming the form's message; typing clears it.
import { act, renderHook } from '@testing-library/react';
import { announcementCreateBodySchema, moduleCreateBodySchema, MSG } from '@zan/core';
import { describe, expect, it, vi } from 'vitest';
import { useSchemaForm } from './use-schema-form.ts';

describe('useSchemaForm', () => {
  it('shows the schema’s spec message, marks the field, sends nothing; typing clears it', async () => {
    const onSubmit = vi.fn();
    const { result } = renderHook(() =>
      useSchemaForm(
        moduleCreateBodySchema,
        { name: '', stage: '' },
        { prepare: (v) => ({ name: v.name, stage: v.stage ? Number(v.stage) : undefined }), onSubmit },
      ),
    );
    let ok = true;
    await act(async () => {
      ok = await result.current.handleSubmit();
    });
    expect(ok).toBe(false);
    expect(result.current.message).toBe(MSG.moduleRequired);
    expect(result.current.invalid('name')).toEqual({
      'aria-invalid': true,
      'aria-describedby': result.current.messageId,
    });
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => result.current.set('name', 'Neuro'));
    expect(result.current.message).toBeNull();
    expect(result.current.invalid('name')).toEqual({});
  });

  it('a cross-field rule of the schema gives its message (expiry before the event date)', async () => {
    const { result } = renderHook(() =>
      useSchemaForm(
        announcementCreateBodySchema,
        { title: 'Quiz', date: 2_000, expiresAt: 1_000 },
        { onSubmit: vi.fn() },
      ),
    );
    await act(async () => void (await result.current.handleSubmit()));
    expect(result.current.message).toBe(MSG.announcementExpiryBeforeDate);
  });

  it('runs check after the schema, submits parsed values, and turns a failure into the message', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('boom');
    });
    const { result } = renderHook(() =>
      useSchemaForm(
        moduleCreateBodySchema,
        { name: 'Neuro', stage: 2, college: '' },
        {
          prepare: (v) => ({ name: v.name, stage: v.stage }),
          check: (v) =>
            v.college ? null : { message: MSG.moduleRequired, fields: { college: MSG.moduleRequired } },
          onSubmit,
          failureMessage: () => MSG.saveModuleFailed,
        },
      ),
    );
    await act(async () => void (await result.current.handleSubmit()));
    expect(result.current.message).toBe(MSG.moduleRequired);
    expect(result.current.fieldErrors).toEqual({ college: MSG.moduleRequired });
    act(() => result.current.set('college', 'c1'));
    await act(async () => void (await result.current.handleSubmit()));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Neuro', stage: 2, isFree: true, isGlobal: false }),
      expect.anything(),
    );
    expect(result.current.message).toBe(MSG.saveModuleFailed);
    expect(result.current.submitting).toBe(false);
  });
});
