import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../ui/button'

/** Screens of the spec that later issues build; the route exists so links never 404. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-stone-700">This page is coming soon.</p>
      <Link to="/" className={buttonClass('secondary')}>Back to Home</Link>
    </div>
  )
}
