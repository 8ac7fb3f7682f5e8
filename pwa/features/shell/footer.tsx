import { Link } from '@tanstack/react-router';
import { SOCIAL_LINKS } from '../../lib/social-links.ts';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">Efie</p>
          <p className="mt-2 text-sm">
            A home away from home. Efie connects renters with landlords and agents; it does not process rental payments
            or hold funds.
          </p>
        </div>
        <nav aria-label="Footer" className="grid gap-2 text-sm">
          <Link to="/support" className="hover:underline">
            Support
          </Link>
          <Link to="/contact" className="hover:underline">
            Contact
          </Link>
          <Link to="/terms-of-service" className="hover:underline">
            Terms of Service
          </Link>
          <Link to="/privacy-policy" className="hover:underline">
            Privacy Policy
          </Link>
        </nav>
        <ul aria-label="Social media" className="flex flex-wrap content-start gap-3 self-start text-sm">
          {SOCIAL_LINKS.map((item) => (
            <li key={item.label}>
              <a href={item.href} target="_blank" rel="noreferrer noopener" className="hover:underline">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-300">
        © {new Date().getFullYear()} Efie. All rights reserved.
      </p>
    </footer>
  );
}
