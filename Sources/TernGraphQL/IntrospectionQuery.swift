/// The introspection query Tern sends to learn a server's schema: graphql-js's `getIntrospectionQuery()` with
/// its defaults (descriptions, no `specifiedByURL`, no repeatable directives, no deprecated arguments), the
/// form servers of every age answer.
public enum IntrospectionQuery {
    /// The operation's name, for logs and the server's own.
    public static let operationName = "IntrospectionQuery"

    /// The document.
    public static let text = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description locations args { ...InputValue } }
          }
        }

        fragment FullType on __Type {
          kind
          name
          description
          fields(includeDeprecated: true) {
            name
            description
            args { ...InputValue }
            type { ...TypeRef }
            isDeprecated
            deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }

        fragment InputValue on __InputValue {
          name
          description
          type { ...TypeRef }
          defaultValue
        }

        fragment TypeRef on __Type {
          kind
          name
          ofType {
            kind
            name
            ofType {
              kind
              name
              ofType {
                kind
                name
                ofType {
                  kind
                  name
                  ofType {
                    kind
                    name
                    ofType { kind name ofType { kind name ofType { kind name } } }
                  }
                }
              }
            }
          }
        }
        """
}
