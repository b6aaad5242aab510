import { describe, expect, inject, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_MESSAGES as M, CONTACT_RATE_LIMIT } from '@portal/contracts';
import { renderApp } from '../../../test/render.tsx';
import { SITE } from './site.ts';

async function fill(values: { name?: string; email?: string; phone?: string; message?: string }) {
  if (values.name) await userEvent.type(screen.getByLabelText(/^Name/), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText(/^Email/), values.email);
  if (values.phone) await userEvent.type(screen.getByLabelText(/^Phone/), values.phone);
  if (values.message) await userEvent.type(screen.getByLabelText(/^Message/), values.message);
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('Contact Us', () => {
  it('names the page, shows the offices with a maps link, phone, e-mail and an embedded map', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Contact Us/));
    const info = within(screen.getByRole('region', { name: 'Reach us' }));
    expect(info.getByText(SITE.officeAddress, { selector: 'address' })).toBeTruthy();
    const layout = info.getByRole('link', { name: `${SITE.layoutAddress} (opens the map in a new tab)` });
    expect(layout.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    expect(info.getByRole('link', { name: SITE.phone }).getAttribute('href')).toBe(
      `tel:${SITE.phone.replace(/\s/g, '')}`,
    );
    expect(info.getByRole('link', { name: SITE.email }).getAttribute('href')).toBe(`mailto:${SITE.email}`);
    expect(info.getByTitle('Map of our office').tagName).toBe('IFRAME');
  });

  it('checks name, phone and message, and an e-mail only when given, before sending anything', async () => {
    renderApp('/contact');
    await screen.findByRole('heading', { name: 'Contact Us' });
    await send();
    expect(screen.getByText(M.nameRequired)).toBeTruthy();
    expect(screen.getByText(M.phoneRequired)).toBeTruthy();
    expect(screen.getByText(M.messageRequired)).toBeTruthy();
    expect(screen.queryByText(M.emailInvalid)).toBeNull();
    await fill({ email: 'not-an-address', phone: 'call me' });
    await send();
    expect(screen.getByText(M.emailInvalid)).toBeTruthy();
    expect(screen.getByText(M.phoneInvalid)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("sends, says 'Message Sent Successfully!', resets the form, and clears the banner after 5 s", async () => {
    renderApp('/contact');
    await screen.findByRole('heading', { name: 'Contact Us' });
    await fill({ name: 'Meera Rao', phone: '+91 98450 11111', message: 'Please call me about hiring.' });
    await send();
    const banner = await screen.findByRole('status');
    expect(within(banner).getByText(M.sentTitle)).toBeTruthy();
    expect(banner.textContent).toContain(M.sentText);
    expect(value(/^Name/)).toBe('');
    expect(value(/^Phone/)).toBe('');
    expect(value(/^Message/)).toBe('');
    await waitFor(() => expect(screen.queryByText(M.sentTitle)).toBeNull(), { timeout: 7000 });
  });

  it("says 'Error Sending Message' when the server refuses, and keeps what was typed", async () => {
    // Use up this address's allowance through the real API, so that the form's message is refused (429).
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++)
      await fetch(`${inject('apiBase')}/api/email/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Filler', phone: '9845012345', message: 'Filling the allowance' }),
      });
    renderApp('/contact');
    await screen.findByRole('heading', { name: 'Contact Us' });
    await fill({ name: 'Meera Rao', phone: '9845011111', message: 'Second message' });
    await send();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(M.failedTitle)).toBeTruthy();
    expect(alert.textContent).toContain(M.failedText);
    expect(alert.textContent).toContain(M.tooMany);
    expect(value(/^Name/)).toBe('Meera Rao');
    expect(value(/^Message/)).toBe('Second message');
  });
});
