import { CheckCircle2, Clock, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type StatusTone = 'success' | 'waiting' | 'warning' | 'info';

const tones: Record<StatusTone, { box: string; icon: typeof Info; iconClass: string }> = {
  success: { box: 'border-emerald-200 bg-emerald-50', icon: CheckCircle2, iconClass: 'text-emerald-700' },
  waiting: { box: 'border-brand-200 bg-brand-50', icon: Clock, iconClass: 'text-brand-700' },
  warning: { box: 'border-amber-300 bg-amber-50', icon: TriangleAlert, iconClass: 'text-amber-700' },
  info: { box: 'border-slate-200 bg-white', icon: Info, iconClass: 'text-brand-600' },
};

/**
 * The state of something the customer waits for or has to act on (an identification, a request, a
 * questionnaire's outcome): an icon by tone, a heading and the text and actions below it. `live`
 * announces changes (a state that arrives by polling) to screen readers.
 */
export function StatusCard({
  tone,
  title,
  children,
  live,
  headingLevel = 2,
  testId,
}: {
  tone: StatusTone;
  title: string;
  children?: ReactNode;
  live?: boolean;
  headingLevel?: 2 | 3;
  testId?: string;
}) {
  const { box, icon: Icon, iconClass } = tones[tone];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={`rounded-xl border p-5 shadow-sm sm:p-6 ${box}`}
      aria-live={live ? 'polite' : undefined}
      data-testid={testId}
      data-tone={tone}
    >
      <div className="flex items-start gap-3">
        <Icon className={`mt-0.5 size-6 shrink-0 ${iconClass}`} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <Heading className="text-lg font-semibold text-brand-900">{title}</Heading>
          {children && <div className="mt-2 space-y-3 text-sm text-slate-800">{children}</div>}
        </div>
      </div>
    </section>
  );
}
