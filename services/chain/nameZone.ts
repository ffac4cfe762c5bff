/** The parent of every name the local names service registers (`alice.pairwise.eth`), unless configured. */
export const defaultNameZone = 'pairwise.eth'
