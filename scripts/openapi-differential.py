#!/usr/bin/env python3
"""Checks Tern's OpenAPI contract verdicts against openapi-schema-validator (a validator nobody at
Tern wrote), body by body.

Usage: openapi-differential.py WORKSPACE REPORT.json

WORKSPACE is a workspace imported from one OpenAPI 3.0 description (kept as openapi/*.json) whose
specs have samples; REPORT.json is `tern run --mode sample --report json:…` of it with
`handler.contract: openapi`. For every spec with a JSON sample, the sample body is validated against
its operation's response schema by OAS30Validator, and the verdict is compared with Tern's "body
matches the documented schema". Prints `agree N disagree M` and each disagreement; exit 1 on any.
"""
import glob
import json
import os
import sys

import yaml
from openapi_schema_validator import OAS30Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4


def pointer_token(text):
    return text.replace('~', '~0').replace('/', '~1')


def main(workspace, report_path):
    document = json.load(open(glob.glob(os.path.join(workspace, 'openapi', '*.json'))[0]))
    report = json.load(open(report_path))
    tern = {}
    for result in report['results']:
        for expectation in result['expectations']:
            if expectation['expected'] == 'body matches the documented schema':
                tern[result['id']] = expectation['passed']
    registry = Registry().with_resource('urn:doc', Resource.from_contents(document, default_specification=DRAFT4))
    agree, disagreements = 0, []
    for file in glob.glob(os.path.join(workspace, 'specs', '**', '*.yaml'), recursive=True):
        spec = yaml.safe_load(open(file))
        sample, operation = spec.get('sample'), spec.get('openapi')
        if not sample or not operation or not isinstance(sample.get('body'), (dict, list)):
            continue
        spec_id = os.path.relpath(file, os.path.join(workspace, 'specs'))[:-len('.yaml')]
        if spec_id not in tern:
            continue
        method, path = operation['operation'].split(' ', 1)
        responses = document['paths'][path][method.lower()]['responses']
        status = str(sample.get('status', 200))
        key = next(k for k in (status, status[0] + 'XX', 'default') if k in responses)
        response = responses[key]
        if '$ref' in response:
            response = document['components']['responses'][response['$ref'].split('/')[-1]]
        headers = sample.get('headers') or {}
        media = headers.get('Content-Type') or 'application/json'
        reference = 'urn:doc#/paths/%s/%s/responses/%s/content/%s/schema' % (
            pointer_token(path), method.lower(), key, pointer_token(media))
        valid = OAS30Validator({'$ref': reference}, registry=registry).is_valid(sample['body'])
        if valid == tern[spec_id]:
            agree += 1
        else:
            disagreements.append((spec_id, 'openapi-schema-validator', valid, 'tern', tern[spec_id]))
    print('agree %d disagree %d' % (agree, len(disagreements)))
    for row in disagreements:
        print(*row)
    return 1 if disagreements else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
