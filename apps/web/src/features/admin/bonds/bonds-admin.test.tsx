import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BondAdminView } from '@token/domain/catalog';
import { errorMessage, violationMessage } from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../../lib/test-api.tsx';
import { defined } from '../../../lib/test-defined.ts';
import { answerOperator, setUpOperatorSession } from '../admin.test-kit.tsx';
import { AdminRegisterPage } from '../register-pages.tsx';
import { AdminNewBondPage } from './new-bond-page.tsx';

const code = 'WIND_NORDSEE_2032';

const doc = (overrides: Partial<BondAdminView['legalDocuments'][number]>) => ({
  id: '5b0c1c52-6a57-4f7e-9d55-2b1f7a3c0e11',
  type: 'information_sheet' as const,
  locale: null,
  title: 'Wertpapier-Informationsblatt',
  version: 1,
  current: true,
  supersededAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  fileName: 'wib.pdf',
  size: 1234,
  sha256: 'a'.repeat(64),
  downloadPath: '/api/v2/shop/legal-documents/5b0c1c52-6a57-4f7e-9d55-2b1f7a3c0e11',
  ...overrides,
});

const bondView = (overrides: Partial<BondAdminView> = {}): BondAdminView => ({
  code,
  status: 'draft',
  taxon: 'bonds_energy',
  translations: {
    de: {
      name: 'Windpark Nordsee 2032',
      slug: 'windpark-nordsee-2032',
      shortDescription: null,
      description: null,
    },
    en: {
      name: 'North Sea wind 2032',
      slug: 'north-sea-wind-2032',
      shortDescription: null,
      description: null,
    },
  },
  priceCents: 100,
  totalSupply: 100_000,
  onHand: 100_000,
  onHold: 0,
  sold: 0,
  quantityStep: 1000,
  blockchainName: 'Polygon',
  tokenId: null,
  whitelisting: false,
  moreInformationUrl: null,
  wkn: null,
  issuerSeat: 'Husum',
  termsVersion: null,
  images: [],
  legalDocuments: [],
  missingForPublication: ['terms', 'information_sheet'],
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

type Answer = (call: ApiCall) => Response | undefined;

function stubApi(answer: Answer = () => undefined) {
  return mockApi((call) => {
    return answer(call) ?? answerOperator(call);
  });
}

const show = (path: string) =>
  renderRoutes(
    [
      { path: '/admin/bonds/new', element: <AdminNewBondPage /> },
      { path: '/admin/bonds/:code', element: <AdminRegisterPage /> },
    ],
    path,
  );

const required = violationMessage('required', 'de');

setUpOperatorSession();

describe('/admin/bonds/new', () => {
  it('checks the form with the API’s schema, puts a taken code on its field, and opens the new draft', async () => {
    let taken = true;
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.url === '/api/v2/admin/bonds') {
        if (taken) return problemAnswer(409, 'bond_code_taken');
        return Response.json(bondView(), { status: 201 });
      }
      return undefined;
    });
    const { router } = show('/admin/bonds/new');
    const form = await screen.findByRole('form', { name: 'Neue Anleihe' });
    fireEvent.submit(form);
    // nothing entered: required on the code, the taxon and both names; nothing sent
    await waitFor(() => expect(within(form).getAllByText(required).length).toBeGreaterThanOrEqual(3));
    expect(within(form).getByText(violationMessage('must_be_selected', 'de'))).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);

    // a code the API would refuse: the same rule, the same words, on the field
    const codeInput = screen.getByLabelText('Code');
    fireEvent.input(codeInput, { target: { value: 'wind 2032' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(document.getElementById(`${codeInput.id}-error`)?.textContent).toBe(
        violationMessage('invalid_value', 'de'),
      ),
    );
    expect(codeInput.getAttribute('aria-invalid')).toBe('true');
    expect(writesOf(calls)).toEqual([]);

    fireEvent.input(screen.getByLabelText('Code'), { target: { value: code } });
    fireEvent.change(screen.getByLabelText('Kategorie'), { target: { value: 'bonds_energy' } });
    const names = screen.getAllByLabelText('Name');
    fireEvent.input(defined(names[0]), { target: { value: 'Windpark Nordsee 2032' } });
    fireEvent.input(defined(names[1]), { target: { value: 'North Sea wind 2032' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(errorMessage('bond_code_taken', 'de'))).toBeTruthy();
    const sent = defined(writesOf(calls)[0]);
    expect(sent.body).toMatchObject({
      code,
      taxon: 'bonds_energy',
      priceCents: 100,
      quantityStep: 1000,
      translations: { de: { name: 'Windpark Nordsee 2032' }, en: { name: 'North Sea wind 2032' } },
    });

    taken = false;
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/bonds/${code}`));
    expect(router.state.location.search).toBe('?tab=details');
  });
});

describe('/admin/bonds/:code details', () => {
  it('shows what publishing needs, the versions of the documents, and saves an edit as one PATCH', async () => {
    let view = bondView({
      legalDocuments: [
        doc({ id: '6b0c1c52-6a57-4f7e-9d55-2b1f7a3c0e12', version: 2 }),
        doc({ version: 1, current: false, supersededAt: '2026-11-21T10:00:00.000Z' }),
      ],
      missingForPublication: ['terms'],
    });
    const calls = stubApi((call) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path === `/api/v2/admin/bonds/${code}` && call.method === 'GET') return Response.json(view);
      if (path === `/api/v2/admin/bonds/${code}` && call.method === 'PATCH') {
        view = { ...view, wkn: 'A1B2C3', updatedAt: '2026-11-22T09:00:00.000Z' };
        return Response.json(view);
      }
      return undefined;
    });
    show(`/admin/bonds/${code}?tab=details`);
    const tabs = await screen.findByRole('navigation', { name: 'Bereiche des Registers' });
    expect(within(tabs).getByRole('link', { name: 'Stammdaten' }).getAttribute('aria-current')).toBe('page');

    const publication = defined(
      (await screen.findByRole('heading', { name: 'Veröffentlichung' })).closest('section'),
    );
    expect(within(publication).getByText('Entwurf')).toBeTruthy();
    expect(within(publication).getByText('Anleihebedingungen (Reiter „Bedingungen“)')).toBeTruthy();
    expect(
      (within(publication).getByRole('button', { name: 'Veröffentlichen' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const documents = defined(
      screen.getByRole('heading', { name: 'Rechtliche Dokumente' }).closest('section'),
    );
    expect(within(documents).getByText('Aktuell')).toBeTruthy();
    expect(within(documents).getByText('Ersetzt am 21.11.2026')).toBeTruthy();
    expect(within(documents).getByText(/Version 2/)).toBeTruthy();

    expect((screen.getAllByLabelText('Name')[0] as HTMLInputElement).value).toBe('Windpark Nordsee 2032');
    fireEvent.input(screen.getByLabelText('WKN'), { target: { value: 'A1B2C3' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Stammdaten' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    const patch = defined(writesOf(calls)[0]);
    expect(patch.method).toBe('PATCH');
    expect(patch.body).toMatchObject({ wkn: 'A1B2C3', priceCents: 100, tokenId: null, issuerSeat: 'Husum' });
    expect(await screen.findByText('Die Änderungen wurden gespeichert.')).toBeTruthy();
  });

  it('shows the API’s refusal to publish with each missing part, in English too', async () => {
    await i18n.changeLanguage('en');
    stubApi((call) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path === `/api/v2/admin/bonds/${code}`)
        return Response.json(bondView({ missingForPublication: [] }));
      if (path === `/api/v2/admin/bonds/${code}/publish`) {
        return problemAnswer(409, 'bond_not_publishable', [
          {
            propertyPath: 'legalDocuments.information_sheet',
            code: 'publication_information_sheet_missing',
            message: violationMessage('publication_information_sheet_missing', 'en'),
          },
        ]);
      }
      return undefined;
    });
    show(`/admin/bonds/${code}?tab=details`);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const alert = await screen.findByText(violationMessage('publication_information_sheet_missing', 'en'));
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });
});
