// The meta-schemas below are published by json-schema.org; these copies come from the MIT-licensed
// jsonschema-specifications 2025.9.1 package. See LICENSE in this folder.

extension Metaschemas {
    /// The draft 2020-12 validation vocabulary meta-schema.
    static let draft2020Validation = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/meta/validation",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/validation": true
            },
            "$dynamicAnchor": "meta",

            "title": "Validation vocabulary meta-schema",
            "type": ["object", "boolean"],
            "properties": {
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
                },
                "const": true,
                "enum": {
                    "type": "array",
                    "items": true
                },
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

    /// The draft 2020-12 meta-data vocabulary meta-schema.
    static let draft2020MetaData = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/meta/meta-data",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/meta-data": true
            },
            "$dynamicAnchor": "meta",

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

    /// The draft 2020-12 format-annotation vocabulary meta-schema.
    static let draft2020FormatAnnotation = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/meta/format-annotation",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/format-annotation": true
            },
            "$dynamicAnchor": "meta",

            "title": "Format vocabulary meta-schema for annotation results",
            "type": ["object", "boolean"],
            "properties": {
                "format": { "type": "string" }
            }
        }
        """##

    /// The draft 2020-12 format-assertion vocabulary meta-schema.
    static let draft2020FormatAssertion = ##"""
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://json-schema.org/draft/2020-12/meta/format-assertion",
            "$vocabulary": {
                "https://json-schema.org/draft/2020-12/vocab/format-assertion": true
            },
            "$dynamicAnchor": "meta",

            "title": "Format vocabulary meta-schema for assertion results",
            "type": ["object", "boolean"],
            "properties": {
                "format": { "type": "string" }
            }
        }
        """##
}
