from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def learn(request: HttpRequest) -> HttpResponse:
    return render(request, "tutorials/index.html")
