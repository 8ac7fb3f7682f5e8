import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';

export function NotFoundScreen() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-stone-700">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClass('secondary')}>
        Back to Home
      </Link>
    </div>
  );
}
