// The meta-schemas below are published by json-schema.org; these copies come from the MIT-licensed
// jsonschema-specifications 2025.9.1 package. See LICENSE in this folder.

extension Metaschemas {
    /// The draft 2019-09 meta-schema.
    static let draft2019Schema = ##"""
        {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://json-schema.org/draft/2019-09/schema",
            "$vocabulary": {
                "https://json-schema.org/draft/2019-09/vocab/core": true,
                "https://json-schema.org/draft/2019-09/vocab/applicator": true,
                "https://json-schema.org/draft/2019-09/vocab/validation": true,
                "https://json-schema.org/draft/2019-09/vocab/meta-data": true,
                "https://json-schema.org/draft/2019-09/vocab/format": false,
                "https://json-schema.org/draft/2019-09/vocab/content": true
            },
            "$recursiveAnchor": true,

            "title": "Core and Validation specifications meta-schema",
            "allOf": [
                {"$ref": "meta/core"},
                {"$ref": "meta/applicator"},
                {"$ref": "meta/validation"},
                {"$ref": "meta/meta-data"},
                {"$ref": "meta/format"},
                {"$ref": "meta/content"}
            ],
            "type": ["object", "boolean"],
            "properties": {
                "definitions": {
                    "$comment": "While no longer an official keyword as it is replaced by $defs, this keyword \##
        is retained in the meta-schema to prevent incompatible extensions as it remains in common use.",
                    "type": "object",
                    "additionalProperties": { "$recursiveRef": "#" },
                    "default": {}
                },
                "dependencies": {
                    "$comment": "\"dependencies\" is no longer a keyword, but schema authors should avoid \##
        redefining it to facilitate a smooth transition to \"dependentSchemas\" and \"dependentRequired\"",
                    "type": "object",
                    "additionalProperties": {
                        "anyOf": [
                            { "$recursiveRef": "#" },
                            { "$ref": "meta/validation#/$defs/stringArray" }
                        ]
                    }
                }
            }
        }
        """##

    /// The draft 2019-09 core vocabulary meta-schema.
    static let draft2019Core = ##"""
        {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://json-schema.org/draft/2019-09/meta/core",
            "$vocabulary": {
                "https://json-schema.org/draft/2019-09/vocab/core": true
            },
            "$recursiveAnchor": true,

            "title": "Core vocabulary meta-schema",
            "type": ["object", "boolean"],
            "properties": {
                "$id": {
                    "type": "string",
                    "format": "uri-reference",
                    "$comment": "Non-empty fragments not allowed.",
                    "pattern": "^[^#]*#?$"
                },
                "$schema": {
                    "type": "string",
                    "format": "uri"
                },
                "$anchor": {
                    "type": "string",
                    "pattern": "^[A-Za-z][-A-Za-z0-9.:_]*$"
                },
                "$ref": {
                    "type": "string",
                    "format": "uri-reference"
                },
                "$recursiveRef": {
                    "type": "string",
                    "format": "uri-reference"
                },
                "$recursiveAnchor": {
                    "type": "boolean",
                    "default": false
                },
                "$vocabulary": {
                    "type": "object",
                    "propertyNames": {
                        "type": "string",
                        "format": "uri"
                    },
                    "additionalProperties": {
                        "type": "boolean"
                    }
                },
                "$comment": {
                    "type": "string"
                },
                "$defs": {
                    "type": "object",
                    "additionalProperties": { "$recursiveRef": "#" },
                    "default": {}
                }
            }
        }
        """##

    /// The draft 2019-09 applicator vocabulary meta-schema.
    static let draft2019Applicator = ##"""
        {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://json-schema.org/draft/2019-09/meta/applicator",
            "$vocabulary": {
                "https://json-schema.org/draft/2019-09/vocab/applicator": true
            },
            "$recursiveAnchor": true,

            "title": "Applicator vocabulary meta-schema",
            "type": ["object", "boolean"],
            "properties": {
                "additionalItems": { "$recursiveRef": "#" },
                "unevaluatedItems": { "$recursiveRef": "#" },
                "items": {
                    "anyOf": [
                        { "$recursiveRef": "#" },
                        { "$ref": "#/$defs/schemaArray" }
                    ]
                },
                "contains": { "$recursiveRef": "#" },
                "additionalProperties": { "$recursiveRef": "#" },
                "unevaluatedProperties": { "$recursiveRef": "#" },
                "properties": {
                    "type": "object",
                    "additionalProperties": { "$recursiveRef": "#" },
                    "default": {}
                },
                "patternProperties": {
                    "type": "object",
                    "additionalProperties": { "$recursiveRef": "#" },
                    "propertyNames": { "format": "regex" },
                    "default": {}
                },
                "dependentSchemas": {
                    "type": "object",
                    "additionalProperties": {
                        "$recursiveRef": "#"
                    }
                },
                "propertyNames": { "$recursiveRef": "#" },
                "if": { "$recursiveRef": "#" },
                "then": { "$recursiveRef": "#" },
                "else": { "$recursiveRef": "#" },
                "allOf": { "$ref": "#/$defs/schemaArray" },
                "anyOf": { "$ref": "#/$defs/schemaArray" },
                "oneOf": { "$ref": "#/$defs/schemaArray" },
                "not": { "$recursiveRef": "#" }
            },
            "$defs": {
                "schemaArray": {
                    "type": "array",
                    "minItems": 1,
                    "items": { "$recursiveRef": "#" }
                }
            }
        }
        """##

    /// The draft 2019-09 content vocabulary meta-schema.
    static let draft2019Content = ##"""
        {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://json-schema.org/draft/2019-09/meta/content",
            "$vocabulary": {
                "https://json-schema.org/draft/2019-09/vocab/content": true
            },
            "$recursiveAnchor": true,

            "title": "Content vocabulary meta-schema",

            "type": ["object", "boolean"],
            "properties": {
                "contentMediaType": { "type": "string" },
                "contentEncoding": { "type": "string" },
                "contentSchema": { "$recursiveRef": "#" }
            }
        }
        """##
}
