import { SegmentedControl } from '@mantine/core';
import { useNavigate } from 'react-router';

export const COURSES_PATH = '/dashboard/courses';
export const CLIENTS_PATH = '/dashboard/courses/clients';

/** The two screens of 'Clients et courses' (VIEW_COURSES), one tap apart: 'Courses | Clients'. */
export function CoursesClientsTabs({ active }: { active: 'courses' | 'clients' }) {
  const navigate = useNavigate();
  return (
    <SegmentedControl
      value={active}
      onChange={(v) => navigate(v === 'clients' ? CLIENTS_PATH : COURSES_PATH)}
      data={[
        { value: 'courses', label: 'Courses' },
        { value: 'clients', label: 'Clients' },
      ]}
      aria-label="Courses ou clients"
      w={{ base: '100%', xs: 'auto' }}
      data-testid="courses-clients-tabs"
    />
  );
}
