import { describe, expect, it } from 'vitest';
import { mailtoHref } from '#src/lib/mailto.ts';

describe('mailtoHref', () => {
  it('puts the subject into the link, encoded', () => {
    expect(mailtoHref('careers@example.com', 'Application: Senior Food Scientist')).toBe(
      'mailto:careers@example.com?subject=Application%3A%20Senior%20Food%20Scientist',
    );
  });

  it('keeps characters that would end the subject or start a new field inside it', () => {
    const href = mailtoHref('a@example.com', 'R&D lead? cc=x#1');
    expect(new URL(href).searchParams.get('subject')).toBe('R&D lead? cc=x#1');
    expect(new URL(href).searchParams.has('cc')).toBe(false);
  });
});
