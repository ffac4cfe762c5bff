/** AppKit's id for the auth connector (the embedded wallet), kept so apps that name it keep working. */
export const authConnectorId = 'ID_AUTH'
