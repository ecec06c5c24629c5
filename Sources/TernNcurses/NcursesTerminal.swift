import TernScreen
