import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearNotifications, dismissNotification, notify, useNotifications } from './notifications.ts';

afterEach(() => clearNotifications());

describe('notifications', () => {
  it('shows one notification per message and type (spec 4 de-duplication)', () => {
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify('error', 'There was an unexpected error');
      notify('error', 'There was an unexpected error', 'code: internal_error');
      notify('info', 'There was an unexpected error');
      notify('success', 'Saved');
    });
    expect(result.current.map((n) => [n.type, n.message])).toEqual([
      ['error', 'There was an unexpected error'],
      ['info', 'There was an unexpected error'],
      ['success', 'Saved'],
    ]);
  });

  it('dismisses one and clears all', () => {
    const { result } = renderHook(() => useNotifications());
    let id = 0;
    act(() => {
      id = notify('info', 'a');
      notify('info', 'b');
    });
    act(() => dismissNotification(id));
    expect(result.current.map((n) => n.message)).toEqual(['b']);
    act(() => clearNotifications());
    expect(result.current).toEqual([]);
  });
});
