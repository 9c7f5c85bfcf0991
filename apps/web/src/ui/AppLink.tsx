import type { AnchorHTMLAttributes, Ref } from 'react';
import { Link } from 'react-router';
import { preloadRoute } from '../app/route-preload';

// One link for the whole app: in-app navigation, except the links that the spec loads as full
// pages (a query string, /profile/custom_notes, /payment/quote, /myteam: spec 1 section 2), and
// anything that is not a path of this site.

const FULL_PAGE_PARTS = ['/profile/custom_notes', '/payment/quote', '/myteam'];

export function isFullPageLink(to: string): boolean {
  return !to.startsWith('/') || to.includes('?') || FULL_PAGE_PARTS.some((p) => to.includes(p));
}

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** Usable as an MUI `component`: `<Button component={AppLink} href="/wizard">`. */
export function AppLink({ href, ref, onPointerEnter, onFocus, ...rest }: AppLinkProps) {
  if (isFullPageLink(href))
    return <a ref={ref} href={href} onPointerEnter={onPointerEnter} onFocus={onFocus} {...rest} />;
  // the page starts loading when the link is pointed at or focused, before the click
  return (
    <Link
      ref={ref}
      to={href}
      onPointerEnter={(e) => {
        preloadRoute(href);
        onPointerEnter?.(e);
      }}
      onFocus={(e) => {
        preloadRoute(href);
        onFocus?.(e);
      }}
      {...rest}
    />
  );
}
