import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AnsweredQuestionnaireResource,
  gradeCurrentQuestionnaire,
  type QuestionnaireType,
  questionnaireRegistry,
  questionnaireView,
} from '@token/domain/questionnaires';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespace } from '../../lib/i18n.ts';
import { clearNotifications } from '../../lib/notifications.ts';
import { type ApiCall, mockApi, problemAnswer, renderRoutes, writesOf } from '../../lib/test-api.tsx';
import { defined } from '../../lib/test-defined.ts';
import { AdequacyOptionalPage } from './adequacy-optional-page.tsx';
import { AdequacyPage } from './adequacy-page.tsx';
import { AdequacyProfessionalPage } from './adequacy-professional-page.tsx';
import { AdequacyRiskPage } from './adequacy-risk-page.tsx';
import type { OnboardingView } from './onboarding-status.ts';
import { customerRecord, onboardingStatus, storeTestSession, testUuid } from './test-support.tsx';

/*
 * The adequacy pages against a mocked API that serves the real questionnaire versions (German) and
 * grades with the domain's real grading, as the server does.
 */

type Answers = Record<string, string | boolean>;

/** The answer with the most points (`best`) or the fewest (`worst`) to every choice question of a survey. */
function pick(type: 'wphg_bonds' | 'wphg_crypto', which: 'best' | 'worst'): Answers {
  const out: Answers = {};
  for (const s of questionnaireRegistry.current(type).sections) {
    for (const q of s.questions) {
      if (q.kind !== 'choice') continue;
      const sorted = [...q.options].sort((a, b) =>
        which === 'best' ? b.score - a.score : a.score - b.score,
      );
      out[q.id] = defined(sorted[0]).id;
    }
  }
  return out;
}

function setup(opts: {
  path: string;
  onboarding: OnboardingView;
  /** The onboarding after each answer (the server's gate), by the answers given so far. */
  next?: (answers: AnsweredQuestionnaireResource[]) => OnboardingView;
  stored?: AnsweredQuestionnaireResource[];
  roles?: string[];
  onPost?: (call: ApiCall) => Response | undefined;
}) {
  const answers: AnsweredQuestionnaireResource[] = [...(opts.stored ?? [])];
  let onboarding = opts.onboarding;
  let nextId = 100;
  const calls = mockApi((call) => {
    const { method, url, body } = call;
    if (url === `/api/v2/shop/customers/${testUuid}`) {
      return Response.json(customerRecord({ onboarding, customerRolesAsString: opts.roles ?? [] }));
    }
    const definition = /^\/api\/v2\/shop\/questionnaires\/(\w+)\?locale=(de|en)$/.exec(url);
    if (definition) {
      const type = definition[1] as QuestionnaireType;
      return Response.json(questionnaireView(questionnaireRegistry.current(type), definition[2] as 'de'));
    }
    if (url.startsWith('/api/v2/shop/answered-questionnaires?')) return Response.json([...answers].reverse());
    if (url === '/api/v2/shop/professional-requests?itemsPerPage=30') return Response.json([]);
    if (url === '/api/v2/shop/answered-questionnaires' && method === 'POST') {
      const own = opts.onPost?.(call);
      if (own) return own;
      const input = body as { type: QuestionnaireType; answers: Answers };
      const graded = gradeCurrentQuestionnaire(input.type, input.answers);
      if (!graded.ok) {
        return problemAnswer(
          422,
          'questionnaire_incomplete',
          graded.violations.map((v) => ({ ...v, message: 'Der Fragebogen muss vollständig sein' })),
        );
      }
      const answer: AnsweredQuestionnaireResource = {
        id: nextId++,
        customer: `/api/v2/shop/customers/${testUuid}`,
        type: input.type,
        version: graded.version,
        answers: graded.answers,
        grade: graded.grade,
        result: graded.result,
        warningsShown: graded.warnings,
        warningsAcknowledged: false,
        warningsAcknowledgedAt: null,
        createdAt: '2026-11-23T10:00:00.000Z',
      };
      const i = answers.findIndex((a) => a.type === input.type);
      if (i >= 0) answers.splice(i, 1);
      answers.push(answer);
      if (opts.next) onboarding = opts.next(answers);
      return Response.json(answer, { status: 201 });
    }
    const ack = /^\/api\/v2\/shop\/answered-questionnaires\/(\d+)$/.exec(url);
    if (ack && method === 'PATCH') {
      const answer = defined(answers.find((a) => a.id === Number(ack[1])));
      answer.warningsAcknowledged = true;
      answer.warningsAcknowledgedAt = '2026-11-23T10:05:00.000Z';
      return Response.json(answer);
    }
    return undefined;
  });
  view = renderRoutes(
    [
      { path: '/self-disclosure/adequacy-optional', element: <AdequacyOptionalPage /> },
      { path: '/self-disclosure/adequacy', element: <AdequacyPage /> },
      { path: '/self-disclosure/adequacy-risk', element: <AdequacyRiskPage /> },
      { path: '/self-disclosure/adequacy-professional', element: <AdequacyProfessionalPage /> },
    ],
    opts.path,
  );
  return { calls, answers };
}

let view: ReturnType<typeof renderRoutes>;

const steps = [
  'personal',
  'pep',
  'adequacy_optional',
  'adequacy',
  'adequacy_risk',
  'kyc',
  'custody',
] as const;
const at = (step: (typeof steps)[number] | 'adequacy_professional') =>
  onboardingStatus(`/self-disclosure/${step.replace(/_/g, '-')}`, step, [...steps]);
/** Where the router is (a step page of this file, or another route). */
const where = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Speichern und weiter' }));
const choose = (name: string, value: string) => {
  const radio = document.querySelector<HTMLInputElement>(`input[name="${name}"][value="${value}"]`);
  if (!radio) throw new Error(`no option ${name}=${value}`);
  fireEvent.click(radio);
};
const answerAll = (answers: Answers) => {
  for (const [q, o] of Object.entries(answers)) choose(q, String(o));
};

beforeAll(async () => {
  await i18n.changeLanguage('de');
  await loadNamespace('onboarding');
});
beforeEach(() => {
  // jsdom does not scroll; the pages bring a graded answer's outcome into view
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  localStorage.clear();
  storeTestSession();
  clearNotifications();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdequacyOptionalPage (WpHG § 63 (10): whether to answer)', () => {
  it('says the questionnaire must be complete and sends nothing while a question is open', async () => {
    const { calls } = setup({
      path: '/self-disclosure/adequacy-optional',
      onboarding: at('adequacy_optional'),
    });
    await screen.findByText('Möchten Sie Angaben zu Ihren Kenntnissen und Erfahrungen machen?');
    save();
    expect((await screen.findAllByText('Der Fragebogen muss vollständig sein')).length).toBeGreaterThan(0);
    expect(screen.getByText('Der Fragebogen muss vollständig ausgefüllt sein.')).toBeTruthy();
    expect(writesOf(calls)).toEqual([]);
  });

  it('sends the choice (the server grades) and goes where the server says next', async () => {
    const { calls } = setup({
      path: '/self-disclosure/adequacy-optional',
      onboarding: at('adequacy_optional'),
      next: () => at('adequacy'),
    });
    await screen.findByText('Möchten Sie Angaben zu Ihren Kenntnissen und Erfahrungen machen?');
    choose('participation', 'answer');
    save();
    await waitFor(() => expect(where()).toBe('/self-disclosure/adequacy'));
    expect(writesOf(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v2/shop/answered-questionnaires',
        body: { type: 'optional', answers: { participation: 'answer' } },
      },
    ]);
    // no grade crosses the wire from the client
    expect(JSON.stringify(defined(writesOf(calls)[0]).body)).not.toContain('grade');
  });

  it('declining gives the "cannot be judged" notice, acknowledged before going on', async () => {
    const { calls } = setup({
      path: '/self-disclosure/adequacy-optional',
      onboarding: at('adequacy_optional'),
      next: () => at('adequacy_risk'),
    });
    await screen.findByText('Möchten Sie Angaben zu Ihren Kenntnissen und Erfahrungen machen?');
    choose('participation', 'decline');
    save();
    const outcome = within(await screen.findByTestId('outcome-optional'));
    expect(outcome.getByText('Angemessenheit kann nicht beurteilt werden')).toBeTruthy();
    expect(outcome.getByText(/Wir können deshalb nicht beurteilen/)).toBeTruthy();
    expect(where()).toBe('/self-disclosure/adequacy-optional');
    fireEvent.click(outcome.getByRole('button', { name: 'Zur Kenntnis genommen, weiter' }));
    await waitFor(() => expect(where()).toBe('/self-disclosure/adequacy-risk'));
    expect(writesOf(calls).map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body)}`)).toEqual([
      'POST /api/v2/shop/answered-questionnaires {"type":"optional","answers":{"participation":"decline"}}',
      'PATCH /api/v2/shop/answered-questionnaires/100 {"acknowledgeWarnings":true}',
    ]);
  });

  it('puts the server’s violations on their questions', async () => {
    setup({
      path: '/self-disclosure/adequacy-optional',
      onboarding: at('adequacy_optional'),
      onPost: () =>
        problemAnswer(422, 'questionnaire_incomplete', [
          {
            propertyPath: 'answers.participation',
            code: 'invalid_value',
            message: 'Ungültiger Wert (Server)',
          },
        ]),
    });
    await screen.findByText('Möchten Sie Angaben zu Ihren Kenntnissen und Erfahrungen machen?');
    choose('participation', 'answer');
    save();
    expect(await screen.findByText('Ungültiger Wert (Server)')).toBeTruthy();
    expect(where()).toBe('/self-disclosure/adequacy-optional');
  });
});

describe('AdequacyPage (the two WpHG surveys)', () => {
  it('asks bonds, then crypto securities, and goes on once both are answered', async () => {
    const { calls } = setup({
      path: '/self-disclosure/adequacy',
      onboarding: at('adequacy'),
      next: (answers) => (answers.length === 2 ? at('kyc') : at('adequacy')),
    });
    expect(await screen.findByText(/Teil 1 von 2/)).toBeTruthy();
    answerAll(pick('wphg_bonds', 'best'));
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zum zweiten Teil' }));
    expect(await screen.findByText(/Teil 2 von 2/)).toBeTruthy();
    answerAll(pick('wphg_crypto', 'best'));
    save();
    await waitFor(() => expect(where()).toBe('/self-disclosure/kyc'));
    expect(writesOf(calls).map((c) => (c.body as { type: string }).type)).toEqual([
      'wphg_bonds',
      'wphg_crypto',
    ]);
  });

  it('shows the standardised warning after bonds and lets the investor acknowledge and proceed', async () => {
    const { calls } = setup({ path: '/self-disclosure/adequacy', onboarding: at('adequacy') });
    await screen.findByText(/Teil 1 von 2/);
    answerAll(pick('wphg_bonds', 'worst'));
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zum zweiten Teil' }));
    const outcome = within(await screen.findByTestId('outcome-wphg_bonds'));
    expect(outcome.getByText('Warnhinweis: Anleihen sind für Sie nicht angemessen')).toBeTruthy();
    // the warning stays on screen after the answers are fetched again
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('answered-questionnaires?')).length).toBe(2),
    );
    expect(screen.getByTestId('outcome-wphg_bonds')).toBeTruthy();
    fireEvent.click(outcome.getByRole('button', { name: 'Zur Kenntnis genommen, weiter' }));
    expect(await screen.findByText(/Teil 2 von 2/)).toBeTruthy();
    expect(writesOf(calls).at(-1)).toMatchObject({ method: 'PATCH', body: { acknowledgeWarnings: true } });
  });

  it('coming back shows both outcomes; a warning not acknowledged holds the way on', async () => {
    const graded = (type: 'wphg_bonds' | 'wphg_crypto', which: 'best' | 'worst', id: number) => {
      const g = gradeCurrentQuestionnaire(type, pick(type, which));
      if (!g.ok) throw new Error('fixture');
      return {
        id,
        customer: '',
        type,
        version: g.version,
        answers: g.answers,
        grade: g.grade,
        result: g.result,
        warningsShown: g.warnings,
        warningsAcknowledged: false,
        warningsAcknowledgedAt: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      } satisfies AnsweredQuestionnaireResource;
    };
    setup({
      path: '/self-disclosure/adequacy',
      onboarding: at('adequacy_risk'),
      stored: [graded('wphg_bonds', 'best', 1), graded('wphg_crypto', 'worst', 2)],
    });
    expect(within(await screen.findByTestId('outcome-wphg_bonds')).getByText('Angemessen')).toBeTruthy();
    const crypto = within(screen.getByTestId('outcome-wphg_crypto'));
    expect(crypto.getByRole('button', { name: 'Zur Kenntnis genommen, weiter' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Weiter' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(crypto.getByRole('button', { name: 'Zur Kenntnis genommen, weiter' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Weiter' }) as HTMLButtonElement).disabled).toBe(false),
    );
    // changing an answer opens that survey's form with the given answers
    fireEvent.click(
      within(screen.getByTestId('outcome-wphg_bonds')).getByRole('button', { name: 'Antworten ändern' }),
    );
    expect(await screen.findByText(/Teil 1 von 2/)).toBeTruthy();
    const first = defined(Object.entries(pick('wphg_bonds', 'best'))[0]);
    expect(
      document.querySelector<HTMLInputElement>(`input[name="${first[0]}"][value="${first[1]}"]`)?.checked,
    ).toBe(true);
  });
});

describe('AdequacyRiskPage (risk statements)', () => {
  it('sends every statement (unconfirmed ones as false); not all confirmed gives the notice and no way past it', async () => {
    const { calls } = setup({ path: '/self-disclosure/adequacy-risk', onboarding: at('adequacy_risk') });
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes).toHaveLength(8);
    fireEvent.click(defined(boxes[0]));
    save();
    const outcome = within(await screen.findByTestId('outcome-risk'));
    expect(outcome.getByText('Risikohinweise nicht bestätigt')).toBeTruthy();
    expect(outcome.queryByRole('button', { name: 'Zur Kenntnis genommen, weiter' })).toBeNull();
    const sent = (defined(writesOf(calls)[0]).body as { answers: Answers }).answers;
    expect(Object.values(sent).filter((v) => v === true)).toHaveLength(1);
    expect(Object.values(sent).filter((v) => v === false)).toHaveLength(7);
    fireEvent.click(outcome.getByRole('button', { name: 'Antworten ändern' }));
    expect((await screen.findAllByRole('checkbox'))[0]).toHaveProperty('checked', true);
  });

  it('all confirmed: on to the next step', async () => {
    setup({
      path: '/self-disclosure/adequacy-risk',
      onboarding: at('adequacy_risk'),
      next: () => at('kyc'),
    });
    for (const box of await screen.findAllByRole('checkbox')) fireEvent.click(box);
    save();
    await waitFor(() => expect(where()).toBe('/self-disclosure/kyc'));
  });
});

describe('AdequacyProfessionalPage (WpHG § 67 (6))', () => {
  const professional = onboardingStatus('/self-disclosure/adequacy-professional', 'adequacy_professional', [
    'personal',
    'pep',
    'adequacy_optional',
    'adequacy_professional',
    'kyc',
    'custody',
  ]);

  it('needs at least two criteria and every declaration, then leads to the request with the criteria', async () => {
    const { calls } = setup({ path: '/self-disclosure/adequacy-professional', onboarding: professional });
    const transactions = await screen.findByRole('checkbox', {
      name: /zehn Geschäfte von erheblichem Umfang/,
    });
    fireEvent.click(transactions);
    save();
    expect(await screen.findByText('Bitte wählen Sie mindestens 2 Optionen aus')).toBeTruthy();
    expect(screen.getAllByText('Dieses Feld ist erforderlich')).toHaveLength(3);
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: /mehr als 500.000 Euro/ }));
    for (const name of [
      /Ich beantrage/,
      /Ich habe zur Kenntnis genommen/,
      /Ich werde Sie über alle Änderungen/,
    ]) {
      fireEvent.click(screen.getByRole('checkbox', { name }));
    }
    save();
    await waitFor(() => expect(where()).toBe('/account/professional?criteria=transactions,portfolio'));
    expect(writesOf(calls)).toHaveLength(1);
  });

  it('says a professional client is classified and goes on', async () => {
    setup({
      path: '/self-disclosure/adequacy-professional',
      onboarding: { ...professional, nextRoute: '/self-disclosure/kyc' },
      roles: ['professional_investor'],
    });
    expect(await screen.findByText('Sie sind jetzt als professioneller Kunde eingestuft')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(where()).toBe('/self-disclosure/kyc'));
  });
});
