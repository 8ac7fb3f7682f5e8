import { Link } from '@tanstack/react-router';
import type { User } from '../../lib/contract.ts';
import { buttonClass } from '../../ui/button.tsx';
import { QuickSearch } from './quick-search.tsx';

export function HomeHero({ user }: { user: User | null }) {
  return (
    <section className="bg-gradient-to-br from-teal-800 to-teal-950 text-white">
      <div className="mx-auto grid max-w-6xl gap-5 px-4 py-12 md:py-20">
        <h1 className="text-3xl font-bold leading-tight md:text-5xl">
          {user ? `Welcome back${user.firstName ? `, ${user.firstName}` : ''}!` : 'Find your home away from home'}
        </h1>
        <p className="max-w-2xl text-lg text-teal-50">
          {user
            ? 'Pick up where you left off: search homes, check your saved places or list your own.'
            : 'Apartments, houses, studios and student hostels from 500+ landlords across Ghana and beyond.'}
        </p>
        <div className="max-w-2xl rounded-xl bg-white/10 p-3">
          <QuickSearch />
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/search" className={buttonClass('secondary')}>
            Find a Property
          </Link>
          {user ? (
            <Link to="/dashboard" className={buttonClass('secondary')}>
              Go to Dashboard
            </Link>
          ) : (
            <Link to="/register" search={{ userType: 'property_professional' }} className={buttonClass('secondary')}>
              List Your Property
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
