// The meta-schemas below are published by json-schema.org; these copies come from the MIT-licensed
// jsonschema-specifications 2025.9.1 package. See LICENSE in this folder.

extension Metaschemas {
    /// The draft 2020-12 meta-schema.
    static let draft2020Schema = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/schema",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/core": true,
                "https://json-schema.org/draft/2020-12/vocab/applicator": true,
                "https://json-schema.org/draft/2020-12/vocab/unevaluated": true,
                "https://json-schema.org/draft/2020-12/vocab/validation": true,
                "https://json-schema.org/draft/2020-12/vocab/meta-data": true,
                "https://json-schema.org/draft/2020-12/vocab/format-annotation": true,
                "https://json-schema.org/draft/2020-12/vocab/content": true
            },
            "$dynamicAnchor": "meta",

            "title": "Core and Validation specifications meta-schema",
            "allOf": [
                {"$ref": "meta/core"},
                {"$ref": "meta/applicator"},
                {"$ref": "meta/unevaluated"},
                {"$ref": "meta/validation"},
                {"$ref": "meta/meta-data"},
                {"$ref": "meta/format-annotation"},
                {"$ref": "meta/content"}
            ],
            "type": ["object", "boolean"],
            "$comment": "This meta-schema also defines keywords that have appeared in previous drafts in \##
        order to prevent incompatible extensions as they remain in common use.",
            "properties": {
                "definitions": {
                    "$comment": "\"definitions\" has been replaced by \"$defs\".",
                    "type": "object",
                    "additionalProperties": { "$dynamicRef": "#meta" },
                    "deprecated": true,
                    "default": {}
                },
                "dependencies": {
                    "$comment": "\"dependencies\" has been split and replaced by \"dependentSchemas\" and \##
        \"dependentRequired\" in order to serve their differing semantics.",
                    "type": "object",
                    "additionalProperties": {
                        "anyOf": [
                            { "$dynamicRef": "#meta" },
                            { "$ref": "meta/validation#/$defs/stringArray" }
                        ]
                    },
                    "deprecated": true,
                    "default": {}
                },
                "$recursiveAnchor": {
                    "$comment": "\"$recursiveAnchor\" has been replaced by \"$dynamicAnchor\".",
                    "$ref": "meta/core#/$defs/anchorString",
                    "deprecated": true
                },
                "$recursiveRef": {
                    "$comment": "\"$recursiveRef\" has been replaced by \"$dynamicRef\".",
                    "$ref": "meta/core#/$defs/uriReferenceString",
                    "deprecated": true
                }
            }
        }
        """##

    /// The draft 2020-12 core vocabulary meta-schema.
    static let draft2020Core = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/meta/core",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/core": true
            },
            "$dynamicAnchor": "meta",

            "title": "Core vocabulary meta-schema",
            "type": ["object", "boolean"],
            "properties": {
                "$id": {
                    "$ref": "#/$defs/uriReferenceString",
                    "$comment": "Non-empty fragments not allowed.",
                    "pattern": "^[^#]*#?$"
                },
                "$schema": { "$ref": "#/$defs/uriString" },
                "$ref": { "$ref": "#/$defs/uriReferenceString" },
                "$anchor": { "$ref": "#/$defs/anchorString" },
                "$dynamicRef": { "$ref": "#/$defs/uriReferenceString" },
                "$dynamicAnchor": { "$ref": "#/$defs/anchorString" },
                "$vocabulary": {
                    "type": "object",
                    "propertyNames": { "$ref": "#/$defs/uriString" },
                    "additionalProperties": {
                        "type": "boolean"
                    }
                },
                "$comment": {
                    "type": "string"
                },
                "$defs": {
                    "type": "object",
                    "additionalProperties": { "$dynamicRef": "#meta" }
                }
            },
            "$defs": {
                "anchorString": {
                    "type": "string",
                    "pattern": "^[A-Za-z_][-A-Za-z0-9._]*$"
                },
                "uriString": {
                    "type": "string",
                    "format": "uri"
                },
                "uriReferenceString": {
                    "type": "string",
                    "format": "uri-reference"
                }
            }
        }
        """##

    /// The draft 2020-12 applicator vocabulary meta-schema.
    static let draft2020Applicator = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/meta/applicator",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/applicator": true
            },
            "$dynamicAnchor": "meta",

            "title": "Applicator vocabulary meta-schema",
            "type": ["object", "boolean"],
            "properties": {
                "prefixItems": { "$ref": "#/$defs/schemaArray" },
                "items": { "$dynamicRef": "#meta" },
                "contains": { "$dynamicRef": "#meta" },
                "additionalProperties": { "$dynamicRef": "#meta" },
                "properties": {
                    "type": "object",
                    "additionalProperties": { "$dynamicRef": "#meta" },
                    "default": {}
                },
                "patternProperties": {
                    "type": "object",
                    "additionalProperties": { "$dynamicRef": "#meta" },
                    "propertyNames": { "format": "regex" },
                    "default": {}
                },
                "dependentSchemas": {
                    "type": "object",
                    "additionalProperties": { "$dynamicRef": "#meta" },
                    "default": {}
                },
                "propertyNames": { "$dynamicRef": "#meta" },
                "if": { "$dynamicRef": "#meta" },
                "then": { "$dynamicRef": "#meta" },
                "else": { "$dynamicRef": "#meta" },
                "allOf": { "$ref": "#/$defs/schemaArray" },
                "anyOf": { "$ref": "#/$defs/schemaArray" },
                "oneOf": { "$ref": "#/$defs/schemaArray" },
                "not": { "$dynamicRef": "#meta" }
            },
            "$defs": {
                "schemaArray": {
                    "type": "array",
                    "minItems": 1,
                    "items": { "$dynamicRef": "#meta" }
                }
            }
        }
        """##

    /// The draft 2020-12 unevaluated vocabulary meta-schema.
    static let draft2020Unevaluated = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/meta/unevaluated",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/unevaluated": true
            },
            "$dynamicAnchor": "meta",

            "title": "Unevaluated applicator vocabulary meta-schema",
            "type": ["object", "boolean"],
            "properties": {
                "unevaluatedItems": { "$dynamicRef": "#meta" },
                "unevaluatedProperties": { "$dynamicRef": "#meta" }
            }
        }
        """##

    /// The draft 2020-12 content vocabulary meta-schema.
    static let draft2020Content = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/meta/content",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/content": true
            },
            "$dynamicAnchor": "meta",

            "title": "Content vocabulary meta-schema",

            "type": ["object", "boolean"],
            "properties": {
                "contentEncoding": { "type": "string" },
                "contentMediaType": { "type": "string" },
                "contentSchema": { "$dynamicRef": "#meta" }
            }
        }
        """##
}
