// The meta-schemas below are published by json-schema.org; these copies come from the MIT-licensed
// jsonschema-specifications 2025.9.1 package. See LICENSE in this folder.

extension Metaschemas {
    /// The draft 2019-09 validation vocabulary meta-schema.
    static let draft2019Validation = ##"""
        {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://json-schema.org/draft/2019-09/meta/validation",
            "$vocabulary": {
                "https://json-schema.org/draft/2019-09/vocab/validation": true
            },
            "$recursiveAnchor": true,

            "title": "Validation vocabulary meta-schema",
            "type": ["object", "boolean"],
            "properties": {
                "multipleOf": {
                    "type": "number",
                    "exclusiveMinimum": 0
                },
                "maximum": {
                    "type": "number"
                },
                "exclusiveMaximum": {
                    "type": "number"
                },
                "minimum": {
                    "type": "number"
                },
                "exclusiveMinimum": {
                    "type": "number"
                },
                "maxLength": { "$ref": "#/$defs/nonNegativeInteger" },
                "minLength": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
                "pattern": {
                    "type": "string",
                    "format": "regex"
                },
                "maxItems": { "$ref": "#/$defs/nonNegativeInteger" },
                "minItems": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
                "uniqueItems": {
                    "type": "boolean",
                    "default": false
                },
                "maxContains": { "$ref": "#/$defs/nonNegativeInteger" },
                "minContains": {
                    "$ref": "#/$defs/nonNegativeInteger",
                    "default": 1
                },
                "maxProperties": { "$ref": "#/$defs/nonNegativeInteger" },
                "minProperties": { "$ref": "#/$defs/nonNegativeIntegerDefault0" },
                "required": { "$ref": "#/$defs/stringArray" },
                "dependentRequired": {
                    "type": "object",
                    "additionalProperties": {
                        "$ref": "#/$defs/stringArray"
                    }
                },
                "const": true,
                "enum": {
                    "type": "array",
                    "items": true
                },
                "type": {
                    "anyOf": [
                        { "$ref": "#/$defs/simpleTypes" },
                        {
                            "type": "array",
                            "items": { "$ref": "#/$defs/simpleTypes" },
                            "minItems": 1,
                            "uniqueItems": true
                        }
                    ]
                }
            },
            "$defs": {
                "nonNegativeInteger": {
                    "type": "integer",
                    "minimum": 0
                },
                "nonNegativeIntegerDefault0": {
                    "$ref": "#/$defs/nonNegativeInteger",
                    "default": 0
                },
                "simpleTypes": {
                    "enum": [
                        "array",
                        "boolean",
                        "integer",
                        "null",
                        "number",
                        "object",
                        "string"
                    ]
                },
                "stringArray": {
                    "type": "array",
                    "items": { "type": "string" },
                    "uniqueItems": true,
                    "default": []
                }
            }
        }
        """##

    /// The draft 2019-09 meta-data vocabulary meta-schema.
    static let draft2019MetaData = ##"""
        {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://json-schema.org/draft/2019-09/meta/meta-data",
            "$vocabulary": {
                "https://json-schema.org/draft/2019-09/vocab/meta-data": true
            },
            "$recursiveAnchor": true,

            "title": "Meta-data vocabulary meta-schema",

            "type": ["object", "boolean"],
            "properties": {
                "title": {
                    "type": "string"
                },
                "description": {
                    "type": "string"
                },
                "default": true,
                "deprecated": {
                    "type": "boolean",
                    "default": false
                },
                "readOnly": {
                    "type": "boolean",
                    "default": false
                },
                "writeOnly": {
                    "type": "boolean",
                    "default": false
                },
                "examples": {
                    "type": "array",
                    "items": true
                }
            }
        }
        """##

    /// The draft 2019-09 format vocabulary meta-schema.
    static let draft2019Format = ##"""
        {
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "https://json-schema.org/draft/2019-09/meta/format",
            "$vocabulary": {
                "https://json-schema.org/draft/2019-09/vocab/format": true
            },
            "$recursiveAnchor": true,

            "title": "Format vocabulary meta-schema",
            "type": ["object", "boolean"],
            "properties": {
                "format": { "type": "string" }
            }
        }
        """##
}
