import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SaveButton } from '../../src/components/save-button';

afterEach(cleanup);

describe('SaveButton', () => {
  it('is disabled until a change is made', () => {
    render(<SaveButton dirty={false} onSave={() => {}} />);
    const button = screen.getByRole('button', { name: 'Save' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.className).not.toContain('btn-success');
  });

  it('is enabled and green after a change, and saves on click', () => {
    const onSave = vi.fn();
    render(<SaveButton dirty onSave={onSave} />);
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.className).toContain('btn-success');
    // Green through the one Save style of app.css (its colour is checked in a real browser:
    // tests/e2e/viewports.test.ts).
    expect(button.className).toContain('button-save');
    fireEvent.click(button);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("shows 'Saving…' and is disabled while updating", () => {
    render(<SaveButton dirty updating onSave={() => {}} />);
    const button = screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('returns to disabled once the save is done', () => {
    const { rerender } = render(<SaveButton dirty onSave={() => {}} />);
    rerender(<SaveButton dirty={false} onSave={() => {}} />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('stays disabled with the reason shown while saving is blocked', () => {
    render(<SaveButton dirty blockedReason="Fix the invalid cells before saving." onSave={() => {}} />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Fix the invalid cells before saving.')).toBeTruthy();
  });
});
