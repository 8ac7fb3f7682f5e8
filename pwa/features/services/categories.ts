import type { ProviderCategory } from '../../lib/contract.ts';

/** Spec part 2 §3: the names; the short descriptions are ours (the spec does not show its wording). */
export const CATEGORY_INFO: Record<ProviderCategory, { name: string; description: string; icon: string }> = {
  contractor: {
    name: 'Building Contractor / Mason',
    description: 'Building, block work, plastering and repairs to walls and floors.',
    icon: '🧱',
  },
  plumber: { name: 'Plumber', description: 'Leaks, pipes, taps, toilets, water tanks and water heaters.', icon: '🔧' },
  electrician: {
    name: 'Electrician',
    description: 'Wiring, sockets, lighting, meters and solar installations.',
    icon: '💡',
  },
  painter: { name: 'Painter', description: 'Interior and exterior painting, finishes and touch-ups.', icon: '🖌️' },
  gardener: { name: 'Gardener', description: 'Lawns, hedges, planting and keeping compounds tidy.', icon: '🌿' },
};

export const categoryName = (id: ProviderCategory) => CATEGORY_INFO[id].name;
