// The coordinator's season as steps in order, each with its progress and a link to its screen;
// the first one not done is called out as the next thing to do.
import { nextSeasonStep, type SeasonStep, type SeasonStepKey } from '../../domain/rules/season-steps';
import { homeHref } from './home-links';

const stateOf = (step: SeasonStep, next: SeasonStep | null) => (step.done ? 'Done' : step === next ? 'Next' : 'To do');

export function SeasonStepsSection({
  steps,
  paths,
}: {
  steps: readonly SeasonStep[];
  paths: Record<SeasonStepKey, string>;
}) {
  const next = nextSeasonStep(steps);
  return (
    <section aria-labelledby="season-steps-title" className="home-section">
      <h2 id="season-steps-title">Your season, step by step</h2>
      {next ? (
        <a className="home-next" href={homeHref(paths[next.key])}>
          <span className="home-next-action">
            <strong>Next:</strong> {next.action}
          </span>{' '}
          <span className="home-next-progress">{next.progress}</span>
        </a>
      ) : (
        <p className="notice notice-success">Every step is done for this event.</p>
      )}
      <ol className="home-steps">
        {steps.map((step, index) => (
          <li key={step.key} className={`home-step${step.done ? ' is-done' : ''}${step === next ? ' is-next' : ''}`}>
            <a href={homeHref(paths[step.key])} aria-current={step === next ? 'step' : undefined}>
              <span className="home-step-mark" aria-hidden="true">
                {step.done ? '✓' : index + 1}
              </span>
              <span className="home-step-title">{step.title}</span>{' '}
              <span className="home-step-progress">{step.progress}</span>{' '}
              <span className="home-step-state">{stateOf(step, next)}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
