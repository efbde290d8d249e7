import { EXPRESSIONS, INTERESTS, LOCALES, type Expression, type Interest, type Locale } from '@bible-qa/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { switchLanguage } from '../../lib/language.ts';
import {
  TOUR_STEPS,
  finishTour,
  readTourAnswers,
  syncTourAnswers,
  writeTourAnswers,
  type TourStep,
} from '../../lib/preferences.ts';
import { useServices } from '../../lib/services.tsx';
import { useSession } from '../../lib/session.ts';
import { useVoiceInput } from '../../lib/voice-config.ts';
import './tour.css';

const FEATURES = ['ask', 'verses', 'modes', 'collect'] as const;

/**
 * The first-visit tour over the chat screen (spec §1, §2): language, then wording tradition, interests and a feature
 * introduction. A language switch reloads on the language step, in the new language; the answers are kept locally
 * and sent to the account when someone is logged in (now or after a later login). Skipping or finishing sets the
 * tour's flag.
 */
export function FirstVisitTour({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('tour');
  const voice = useVoiceInput();
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const { api, storage, reload } = useServices();
  const { loggedIn } = useSession();
  const [answers, setAnswers] = useState(() => readTourAnswers(storage));
  const [switching, setSwitching] = useState(false);
  const index = TOUR_STEPS.indexOf(answers.step);

  const update = (patch: Parameters<typeof writeTourAnswers>[1]) =>
    setAnswers(writeTourAnswers(storage, { ...patch, synced: false }));
  const goTo = (step: TourStep) => setAnswers(writeTourAnswers(storage, { step }));

  function chooseLanguage(next: Locale) {
    if (next === locale) return;
    // The page reloads in the new language on this same step, the choice marked: the reader's "next" then goes to
    // the tradition (resuming past it made that "next" skip the tradition in every language but the default).
    writeTourAnswers(storage, { step: 'language' });
    setSwitching(true);
    switchLanguage(storage, next, reload);
  }

  function toggleInterest(interest: Interest) {
    const has = answers.interests.includes(interest);
    update({
      interests: has ? answers.interests.filter((item) => item !== interest) : [...answers.interests, interest],
    });
  }

  function finish() {
    finishTour(storage);
    if (loggedIn) void syncTourAnswers(api, storage).catch(() => undefined);
    onDone();
  }

  const next = TOUR_STEPS[index + 1];
  return (
    <div
      className="tour"
      data-testid="tour"
      data-step={answers.step}
      role="dialog"
      aria-modal="true"
      aria-labelledby="tour-title"
    >
      <div className="tour-card">
        <header className="tour-welcome">
          <Logo className="tour-logo" />
          <p className="tour-welcome-text">{tc('app.welcome')}</p>
        </header>
        <ol className="tour-progress" aria-label={t('progress', { step: index + 1, total: TOUR_STEPS.length })}>
          {TOUR_STEPS.map((step, position) => (
            <li key={step} className={position <= index ? 'is-reached' : undefined} />
          ))}
        </ol>
        <h2 className="tour-title" id="tour-title">
          {t(`${answers.step}.title`)}
        </h2>
        <p className="tour-hint">{t(`${answers.step}.hint`)}</p>

        {answers.step === 'language' ? (
          <div className="tour-options" role="radiogroup" aria-labelledby="tour-title">
            {LOCALES.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={option === locale}
                className="tour-option"
                data-testid={`tour-language-${option}`}
                disabled={switching}
                onClick={() => chooseLanguage(option)}
              >
                {tc(`language.${option}`)}
              </button>
            ))}
          </div>
        ) : null}

        {answers.step === 'expression' ? (
          <div className="tour-options" role="radiogroup" aria-labelledby="tour-title">
            {EXPRESSIONS.map((option: Expression) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={answers.expression === option}
                className="tour-option"
                data-testid={`tour-expression-${option}`}
                onClick={() => update({ expression: option })}
              >
                {t(`expression.options.${option}`)}
              </button>
            ))}
          </div>
        ) : null}

        {answers.step === 'interests' ? (
          <div className="tour-options tour-options-wrap" role="group" aria-labelledby="tour-title">
            {INTERESTS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={answers.interests.includes(option)}
                className="tour-option"
                data-testid={`tour-interest-${option}`}
                onClick={() => toggleInterest(option)}
              >
                {t(`interests.options.${option}`)}
              </button>
            ))}
          </div>
        ) : null}

        {answers.step === 'features' ? (
          <ul className="tour-features">
            {FEATURES.map((feature) => (
              <li key={feature} data-testid={`tour-feature-${feature}`}>
                <strong>{t(`features.items.${feature}.title`)}</strong>
                <span>
                  {t(feature === 'ask' && voice ? 'features.items.ask.bodyVoice' : `features.items.${feature}.body`)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}

        <footer className="tour-actions">
          <button type="button" className="tour-skip" data-testid="tour-skip" onClick={finish}>
            {t('skip')}
          </button>
          {index > 0 ? (
            <button
              type="button"
              className="tour-back"
              data-testid="tour-back"
              onClick={() => goTo(TOUR_STEPS[index - 1] ?? 'language')}
            >
              {t('back')}
            </button>
          ) : null}
          {next ? (
            <button
              type="button"
              className="tour-next"
              data-testid="tour-next"
              disabled={switching}
              onClick={() => goTo(next)}
            >
              {t('next')}
            </button>
          ) : (
            <button type="button" className="tour-next" data-testid="tour-done" onClick={finish}>
              {t('done')}
            </button>
          )}
        </footer>
      </div>
    </div>
  );
}
