import type { MemberSectionsItem, SectionItem, SetMemberSectionsBody } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../shared/http.ts';

export function useProjectTree() {
  return useQuery({
    queryKey: ['user', 'projectTree'],
    queryFn: () => api.value('GET /api/user/userProjectTree'),
  });
}

export function useSelectProject() {
  return useMutation({
    mutationFn: (prjCode: string) => api.value('POST /api/user/selectProject', { prjCode }),
  });
}

// 标段分配 (issue 26): the sections members record in, for the screens managing members (the
// users feature imports these). Not yet in the contract's endpoint map: plain calls, typed here.

const sectionsKey = ['memberSections'];

/** The selected project's sections (the choices of the assignment control). */
export function useProjectSections(enabled = true) {
  return useQuery({
    queryKey: ['projectAdmin', 'sectionChoices'],
    queryFn: () => api.value('POST /api/project/prj1BDList', { pageNum: 1, pageSize: 100 }),
    select: (page): SectionItem[] => page.list,
    enabled,
  });
}

/** The sections assigned to these members of the selected project. */
export function useMemberSections(userIds: string[], enabled = true) {
  const ids = [...new Set(userIds)].sort();
  return useQuery({
    queryKey: [...sectionsKey, ids],
    queryFn: async () =>
      // Silent: a column beside the list; a role that cannot read it simply shows none.
      (
        await call<MemberSectionsItem[]>('POST', '/api/project/memberSections', {
          data: { userIds: ids },
          silent: true,
        })
      ).value,
    enabled: enabled && ids.length > 0,
  });
}

/** Replaces a member's sections; resolves with the server's message. */
export function useSetMemberSections() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetMemberSectionsBody) =>
      call<MemberSectionsItem>('POST', '/api/project/setMemberSections', { data: body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sectionsKey });
      void client.invalidateQueries({ queryKey: ['projectAdmin'] });
    },
  });
}
