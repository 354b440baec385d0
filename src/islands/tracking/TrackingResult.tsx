import { deliveryHeading, type TrackingResult as Result } from '#src/stores/tracking.ts';

/**
 * What tracking found: status, estimated delivery and the timeline, its last entry current. An
 * unknown order shows the Not Found texts as a notice, not as a step of a timeline.
 */
export default function TrackingResult({ result }: { result: Result }) {
  const last = result.updates.length - 1;
  const notFound = result.updates[0];
  return (
    <section aria-label={`Order ${result.orderId}`} aria-live="polite" className="card mt-8 overflow-hidden">
      <dl className="border-line bg-cream/50 grid gap-5 border-b px-5 py-5 sm:grid-cols-3 sm:px-7">
        <div className="min-w-0">
          <dt className="eyebrow">Order ID</dt>
          <dd className="mt-1 text-lg font-semibold break-all">{result.orderId}</dd>
        </div>
        <div>
          <dt className="eyebrow">Status</dt>
          <dd className={`mt-1 text-lg font-semibold ${result.found ? 'text-cardamom' : 'text-chili'}`}>
            {result.statusLabel}
          </dd>
          {result.payment && <dd className="text-ink-soft text-sm">{result.payment}</dd>}
        </div>
        <div>
          <dt className="eyebrow">{deliveryHeading(result)}</dt>
          <dd className="mt-1 text-lg font-semibold">{result.estimatedDelivery}</dd>
          {result.country && <dd className="text-ink-soft text-sm">To {result.country}</dd>}
        </div>
      </dl>
      {!result.found && notFound ? (
        <div role="status" className="px-5 py-6 sm:px-7">
          <p className="text-chili font-semibold">{notFound.status}</p>
          <p className="text-ink-soft text-sm">{notFound.location}</p>
        </div>
      ) : (
        <ol className="px-5 py-6 sm:px-7">
          {result.updates.map((update, index) => {
            const current = index === last;
            return (
              <li
                key={index}
                aria-current={current ? 'step' : undefined}
                className="relative flex gap-4 pb-6 last:pb-0"
              >
                {(!current || result.toCome.length > 0) && (
                  <span
                    aria-hidden="true"
                    className={`absolute top-8 -bottom-4 left-[7px] w-0.5 ${current ? 'border-line border-l-2 border-dashed' : 'bg-line'}`}
                  />
                )}
                <span
                  aria-hidden="true"
                  className={`relative mt-4 size-4 shrink-0 rounded-full border-2 ${current ? 'border-saffron bg-saffron ring-saffron/20 ring-4' : 'border-line bg-white'}`}
                />
                <div className={`min-w-0 flex-1 rounded-xl px-4 py-3 ${current ? 'bg-cream' : ''}`}>
                  <p className={`font-semibold ${current ? 'text-saffron-deep' : ''}`}>{update.status}</p>
                  <p className="text-ink-soft text-sm">
                    <Location update={update} />
                  </p>
                  {update.date && <p className="text-ink-soft mt-1 text-xs">{update.date}</p>}
                </div>
              </li>
            );
          })}
          {/* Still to come: greyed, and said in words (not by colour alone), with a hollow dashed mark. */}
          {result.toCome.map((step, index) => (
            <li key={step.status} data-to-come className="text-ink-soft relative flex gap-4 pb-6 last:pb-0">
              {index < result.toCome.length - 1 && (
                <span
                  aria-hidden="true"
                  className="border-line absolute top-8 -bottom-4 left-[7px] border-l-2 border-dashed"
                />
              )}
              <span
                aria-hidden="true"
                className="border-line bg-paper relative mt-4 size-4 shrink-0 rounded-full border-2 border-dashed"
              />
              <div className="min-w-0 flex-1 px-4 py-3">
                <p className="font-semibold">
                  {step.status}{' '}
                  <span className="text-xs font-normal tracking-wide uppercase">· still to come</span>
                </p>
                <p className="text-sm">{step.location}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** An update's words, its tracking number a link to the carrier's own page when the shop knows the carrier. */
function Location({ update }: { update: Result['updates'][number] }) {
  const { location, tracking } = update;
  const at = tracking ? location.lastIndexOf(tracking.code) : -1;
  if (!tracking || at < 0) return location;
  return (
    <>
      {location.slice(0, at)}
      <a
        href={tracking.url}
        rel="noreferrer"
        className="text-saffron-deep font-semibold underline underline-offset-2"
        data-carrier-link
      >
        {tracking.code}
      </a>
      {location.slice(at + tracking.code.length)}
    </>
  );
}
